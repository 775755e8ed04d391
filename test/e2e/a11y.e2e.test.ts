import { accessibilitySuite } from './support/a11y'

// axe-core on the modal's views at desktop size, in both themes (support/a11y.ts; the phone size
// and the other views are a11yPhone.e2e.test.ts and a11yOtherViews.e2e.test.ts).
accessibilitySuite('desktop')
