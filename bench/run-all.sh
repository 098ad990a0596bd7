#!/usr/bin/env bash
# Prints every benchmark figure. Needs the production build (npm run build) and Chromium.
# With DATABASE_URL set, bi-reports.ts runs too, and list-endpoint.ts, ofx-import.ts, import.ts, persons-search.ts, approvals.ts, onboarding.ts, payment-queue.ts, rate-limit-store.ts and load.ts measure PostgreSQL (load.ts: only it, else PGlite)
# (in scratch databases they drop).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f dist/retaguarda.js ] || npm run build
for script in bench/bundle-size.ts bench/boot-time.ts bench/server.ts bench/list-endpoint.ts bench/first-list-screen.ts bench/client-list.ts bench/import.ts bench/persons-search.ts bench/approvals.ts bench/onboarding.ts bench/payment-queue.ts bench/bulk-authorize.ts bench/remittance.ts bench/rate-limit-store.ts bench/nfe-import.ts bench/quote-analysis.ts bench/load.ts bench/first-row-vs-floor.ts bench/job-queue-start.ts bench/embedded-db.ts bench/supplier-link-page.ts bench/ofx-import.ts bench/demo-quarter.ts; do
  npx tsx "$script"
done
# The BI reports' figures need PostgreSQL (1,000,000 parcelas by default: several minutes).
if [ -n "${DATABASE_URL:-}" ]; then npx tsx bench/bi-reports.ts; fi
