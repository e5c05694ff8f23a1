import { configure } from 'mobx'

// STYLE §5: state changes only in actions. Set for our tests, never by the library itself,
// because `configure` is global and would reach into the host's own MobX stores.
configure({ enforceActions: 'always' })
