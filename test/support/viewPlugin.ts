import { definePlugin, type PluginDefinition } from '../../kernel/index.js'

/** A test plugin that registers the view `<id>View` and records its setup and teardown in `log`. */
export const viewPlugin = (id: string, log: string[], extra: Partial<PluginDefinition> = {}) =>
  definePlugin({
    id,
    setup(ctx) {
      log.push(`setup:${id}`)
      ctx.registerView({ name: `${id}View`, title: id, component: null })
      return () => void log.push(`teardown:${id}`)
    },
    ...extra,
  })
