import type { KitEventName, PluginContext } from '../../kernel/index.js'
import type { EventReporter } from './createEventReporter.js'
import type { AnalyticsMapping } from './modalAnalyticsEvents.js'

/**
 * Reports bus events as analytics events through `POST /e` while the plugin that calls it is
 * loaded (the listeners go with its context). Whether anything is sent is the reporter's
 * decision: the host's `features.analytics` and the project's `/getAnalyticsConfig`.
 *
 * @param ctx - the calling plugin's context
 * @param reporter - the kit's reporter (`ctx.resolve(EventReporterToken)`)
 * @param mappings - bus event to analytics event, e.g. `modalAnalyticsEvents()`
 * @example
 * trackBusEvents(ctx, ctx.resolve(EventReporterToken), [{ on: 'swap:completed', event: 'SWAP_SUCCESS' }])
 */
export function trackBusEvents(ctx: PluginContext, reporter: EventReporter, mappings: readonly AnalyticsMapping[]): void {
  for (const mapping of mappings) {
    // By name: the payload types of plugin events are not visible from here (see AnalyticsMapping).
    ctx.on(mapping.on as KitEventName, (payload: unknown) => {
      const properties = mapping.properties ? mapping.properties(payload, ctx.kit.getState()) : undefined
      if (properties === false) return
      void reporter.track(mapping.event, properties)
    })
  }
}

