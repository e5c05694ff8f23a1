import { describeLocaleCaptures } from '../support/visualCapture.js'

// Issue 30: every catalogued view in Japanese on the phone, against its committed baseline.
describeLocaleCaptures('ja')
