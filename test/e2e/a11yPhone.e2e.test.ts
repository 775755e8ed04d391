import { accessibilitySuite } from './support/a11y'

// axe-core on the modal's views at phone size, in both themes (support/a11y.ts).
accessibilitySuite('phone')
