import fastifyPlugin from 'fastify-plugin'
import type { ProjectStore } from './ProjectStore.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The projects every route reads (`projectsPlugin`); the admin API writes them. */
    projects: ProjectStore
  }
}

/** Decorates the app with the project store, so feature plugins registered after it read `app.projects`. */
export const projectsPlugin = fastifyPlugin<{ projects: ProjectStore }>(
  async (app, { projects }) => {
    app.decorate('projects', projects)
  },
  { name: 'latch-projects', fastify: '5.x' },
)
