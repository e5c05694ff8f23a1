import { observer } from 'mobx-react-lite'
import type { KeyboardEvent } from 'react'
import type { AdminStore, FeatureSwitch } from './AdminStore.js'
import { Switch } from './Switch.js'
import { KNOWN_FEATURES } from './knownFeatures.js'
import { t } from './adminText.js'

const noteOf = ({ unset, list }: FeatureSwitch) =>
  unset ? t('features.unset') : list && list.length > 0 ? <bdi>{list.join(', ')}</bdi> : undefined

/** A SPEC flag, labelled from the catalogue; any other is labelled with its name (data). */
const isKnown = (flag: string) => KNOWN_FEATURES.some((known) => known.flag === flag)

/** A switch per feature flag, and a field to add a flag the list does not know (a third-party plugin's). */
export const FeatureSwitches = observer(function FeatureSwitches({ store }: { store: AdminStore }) {
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the flag; it must not submit (save) the whole project.
    if (event.key !== 'Enter') return
    event.preventDefault()
    store.addFlag()
  }
  return (
    <fieldset className="features">
      <legend>{t('features.title')}</legend>
      {store.featureSwitches.map((feature) => (
        <Switch key={feature.flag} label={isKnown(feature.flag) ? feature.label : <bdi>{feature.label}</bdi>} checked={feature.on} note={noteOf(feature)} onChange={(on) => store.setFeature(feature.flag, on)} />
      ))}
      <div className="add-row">
        <label htmlFor="new-flag">{t('features.otherFlag')}</label>
        <input
          id="new-flag"
          value={store.newFlag}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => store.setNewFlag(event.currentTarget.value)}
          onKeyDown={addOnEnter}
        />
        <button type="button" onClick={() => store.addFlag()}>
          {t('features.addFlag')}
        </button>
      </div>
    </fieldset>
  )
})
