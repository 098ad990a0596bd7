// The app loads the record screens' texts with each signed-in screen (area/withLoaders.ts); a unit
// test renders those screens and their parts on their own.
import '../../src/core/i18n/recordTexts';
