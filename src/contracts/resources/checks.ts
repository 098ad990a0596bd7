/**
 * Checks of the declarations whose code is too heavy for the declarations chunk every list loads
 * (the boleto and PIX "copia e cola" readers of a parcela's payment data). The declarations carry
 * a check that runs the installed rule; importing this module installs them. Imported where
 * records are validated: the screen's form validation (`src/core/resources/values.ts`) and the
 * server's registry (`server/registry/plugin.ts`) — one rule for screen and API.
 */
import './parts/paymentData';
