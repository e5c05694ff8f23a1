/** The switches browser tests flip to see the kit's real failure paths on the real server. */
export interface DevFaults {
  /** Addresses (lowercase) whose history answers 500 `HISTORY_UNAVAILABLE`. */
  history: Set<string>
  /** While on, every on-ramp route answers 503 `ONRAMP_UNAVAILABLE`. */
  onramp: boolean
}
