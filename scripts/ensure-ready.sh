#!/bin/sh
# Runs before `npm start`: installs dependencies, builds the web app and bundles the server when
# they are missing or out of date, so that a fresh clone starts with one command.
set -e
cd "$(dirname "$0")/.."

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing dependencies..."
  npm ci --no-audit --no-fund
fi

if [ ! -f apps/web/dist/index.html ] || [ -n "$(find apps/web/src apps/web/index.html packages/contract/src -newer apps/web/dist/index.html -print -quit 2>/dev/null)" ]; then
  echo "Building the web app..."
  npm run build
fi

if [ ! -f apps/server/dist/main.js ] || [ package-lock.json -nt apps/server/dist/main.js ] || [ -n "$(find apps/server/src packages/*/src -newer apps/server/dist/main.js -print -quit 2>/dev/null)" ]; then
  echo "Bundling the server..."
  npm run build -w @roastery/server
fi
