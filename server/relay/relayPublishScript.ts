/**
 * The Redis relay's publish, as one Lua script so that no instance sees a message half done
 * (issue 31): it dedupes (a key per message id, for its TTL), charges the byte budgets (the
 * publisher's and the relay's, as the embedded hub does), stores (XADD to the topic's stream, the
 * mailbox, trimmed to the topic's cap and kept until the longest TTL in it) and fans out (PUBLISH
 * on the topic's channel, the stream id first, so that an instance can tell later what it
 * missed). The relay acknowledges the publish once the script has returned.
 *
 * A budget is a sorted set of `characters:id` by expiry and a running total: what expired is
 * taken off the total when the next publish charges that budget.
 *
 * KEYS: 1 the message's dedupe key, 2 the topic's stream, 3 and 4 the owner's budget (set,
 * total), 5 and 6 the relay's budget (set, total).
 * ARGV: 1 the topic's channel, 2 TTL in ms, 3 messages kept per topic, 4 the message (JSON),
 * 5 now (ms), 6 the message's characters, 7 the owner's budget (0: no owner), 8 the relay's
 * budget, 9 the message id, 10 its expiry (ms).
 * Returns the stream id; 0 when the message is already stored; -1 past the owner's budget;
 * -2 past the relay's.
 */
export const RELAY_PUBLISH_SCRIPT = `
local function extend(key, ttl)
  if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
end
local function held(set, total)
  local freed = 0
  for _, member in ipairs(redis.call('ZRANGEBYSCORE', set, '-inf', ARGV[5])) do
    freed = freed + tonumber(string.match(member, '^(%d+):'))
  end
  if freed > 0 then
    redis.call('ZREMRANGEBYSCORE', set, '-inf', ARGV[5])
    return redis.call('DECRBY', total, freed)
  end
  return tonumber(redis.call('GET', total) or '0')
end
local function charge(set, total, size, ttl)
  redis.call('ZADD', set, ARGV[10], ARGV[6] .. ':' .. ARGV[9])
  redis.call('INCRBY', total, size)
  extend(set, ttl)
  extend(total, ttl)
end

if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local ttl = tonumber(ARGV[2])
local size = tonumber(ARGV[6])
local ownerBudget = tonumber(ARGV[7])
if ownerBudget > 0 and held(KEYS[3], KEYS[4]) + size > ownerBudget then return -1 end
if held(KEYS[5], KEYS[6]) + size > tonumber(ARGV[8]) then return -2 end
if ownerBudget > 0 then charge(KEYS[3], KEYS[4], size, ttl) end
charge(KEYS[5], KEYS[6], size, ttl)
redis.call('SET', KEYS[1], '1', 'PX', ttl)
local id = redis.call('XADD', KEYS[2], 'MAXLEN', ARGV[3], '*', 'm', ARGV[4])
extend(KEYS[2], ttl)
redis.call('PUBLISH', ARGV[1], id .. '\\n' .. ARGV[4])
return id
`
