import type { Locator } from 'playwright-core'

/** What an Activity row shows, part by part. */
export interface ActivityRowParts {
  title: string
  status: string
  /** 'To 0x…' or 'From 0x…'. */
  detail: string
  amount: string
  date: string
}

/** Reads one Activity row (a `listitem` of the Activity list) as the visitor sees it. */
export function activityRowParts(row: Locator): Promise<ActivityRowParts> {
  return row.evaluate((li) => {
    const text = (selector: string) => li.querySelector(selector)?.textContent ?? ''
    return { title: text('.activity-title'), status: text('.activity-status'), detail: text('.activity-detail'), amount: text('.activity-amount'), date: text('.activity-date') }
  })
}
