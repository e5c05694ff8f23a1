/** JSON schemas of a project: the admin API's bodies and the `--projects` file (`createStrictAjv`). */

/** `originEntry: true` is `originEntryProblem` (createStrictAjv): `*` alone is refused with the reason. */
const AllowedOrigins = {
  type: 'array',
  maxItems: 256,
  items: { type: 'string', minLength: 1, maxLength: 2048, originEntry: true },
} as const

// One `type` list rather than `anyOf`, so a bad value gets one message naming the flag.
const FeatureValue = { type: ['boolean', 'array'], maxItems: 64, items: { type: 'string', maxLength: 64 } } as const

const Features = {
  type: 'object',
  maxProperties: 64,
  propertyNames: { maxLength: 64 },
  additionalProperties: FeatureValue,
} as const

const ProjectId = { type: 'string', minLength: 1, maxLength: 128 } as const
const ProjectName = { type: 'string', minLength: 1, maxLength: 200 } as const

/** `POST /admin/api/projects`: a new project; `name` defaults to the id. */
export const NewProjectBody = {
  type: 'object',
  additionalProperties: false,
  properties: { id: ProjectId, name: ProjectName, allowedOrigins: AllowedOrigins, features: Features },
  required: ['id', 'allowedOrigins', 'features'],
} as const

/** `PUT /admin/api/projects/:id`: the whole project but its id (the path's). */
export const ProjectBody = {
  type: 'object',
  additionalProperties: false,
  properties: { name: ProjectName, allowedOrigins: AllowedOrigins, features: Features },
  required: ['name', 'allowedOrigins', 'features'],
} as const

/** `PATCH /admin/api/projects/:id`: some fields; `features` is merged, `null` removes a flag. */
export const ProjectPatchBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: ProjectName,
    allowedOrigins: AllowedOrigins,
    features: { ...Features, additionalProperties: { ...FeatureValue, type: [...FeatureValue.type, 'null'] } },
  },
} as const

export const ProjectParams = {
  type: 'object',
  properties: { id: ProjectId },
  required: ['id'],
} as const
