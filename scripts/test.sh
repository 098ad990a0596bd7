#!/usr/bin/env bash
# Every test: type-check, unit + API (PGlite, and PostgreSQL when DATABASE_URL is set),
# the production build, then end-to-end in Chromium against the real server.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
npm run typecheck
npx vitest run
npm run build
npx playwright test
