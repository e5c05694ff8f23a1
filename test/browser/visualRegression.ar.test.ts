import { describeLocaleCaptures } from '../support/visualCapture.js'

// Issue 30: every catalogued view in Arabic (right to left) on the phone, against its committed baseline.
describeLocaleCaptures('ar')
