// What the server and the validating screens load (contracts/validation/provide): a test that reads a
// declaration's schema on its own (a contract test, a form rendered alone) needs it too.
import '../src/contracts/validation/provide';
