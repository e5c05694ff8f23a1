// The part of autocannon 9's API that bench/server.ts and bench/loadRoutes.ts use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number
    p50: number
    p99: number
    total: number
  }
  interface Result {
    requests: Histogram
    latency: Histogram
    errors: number
    non2xx: number
    timeouts: number
  }
  function autocannon(options: { url: string; connections?: number; duration?: number; pipelining?: number; workers?: number }): Promise<Result>
  export default autocannon
}
