// Preloaded (node --require) into each hardhat node the backend spawns. If the backend dies
// without stopping it (SIGKILL, a crashed test worker), the node is re-parented: it then exits
// instead of holding its port and 100 MB forever.
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) process.exit(0)
}, 500).unref()
