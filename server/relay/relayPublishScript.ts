/**
 * The Redis relay's publish, as one Lua script so that no other instance sees a message half
 * done (issue 31): it dedupes (a key per message id for its TTL), charges the publisher's byte
 * budget, stores (XADD to the topic's stream, the mailbox, kept until the longest TTL in it) and
 * fans out (PUBLISH on the topic's channel, prefixed with the stream id so that an instance can
 * tell later what it missed). The relay acknowledges the publish once the script has returned.
 *
 * KEYS: 1 the message's dedupe key, 2 the topic's stream, 3 the owner's held messages (a sorted
 * set of `size:id` by expiry), 4 the owner's held characters.
 * ARGV: 1 the topic's channel, 2 TTL in ms, 3 messages kept per topic, 4 the message (JSON),
 * 5 now (ms), 6 the message's characters, 7 the owner's budget (0: none), 8 the message id,
 * 9 its expiry (ms).
 * Returns the stream id; 0 when the message is already stored; -1 past the owner's budget.
 */
export const RELAY_PUBLISH_SCRIPT = `
local function extend(key, ttl)
  if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
end
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local ttl = tonumber(ARGV[2])
local budget = tonumber(ARGV[7])
if budget > 0 then
  local freed = 0
  for _, member in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', ARGV[5])) do
    freed = freed + tonumber(string.match(member, '^(%d+):'))
  end
  if freed > 0 then
    redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[5])
    redis.call('DECRBY', KEYS[4], freed)
  end
  local size = tonumber(ARGV[6])
  if tonumber(redis.call('GET', KEYS[4]) or '0') + size > budget then return -1 end
  redis.call('ZADD', KEYS[3], ARGV[9], ARGV[6] .. ':' .. ARGV[8])
  redis.call('INCRBY', KEYS[4], size)
  extend(KEYS[3], ttl)
  extend(KEYS[4], ttl)
end
redis.call('SET', KEYS[1], '1', 'PX', ttl)
local id = redis.call('XADD', KEYS[2], 'MAXLEN', ARGV[3], '*', 'm', ARGV[4])
extend(KEYS[2], ttl)
redis.call('PUBLISH', ARGV[1], id .. '\\n' .. ARGV[4])
return id
`
