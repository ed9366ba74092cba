# The web app alone (the reference upstream in upstream/ is for development and tests, not production).
# Build: docker build -t open-dag .   Run: docker run -p 3000:3000 -e UPSTREAM_URL=… -e UPSTREAM_API_KEY=… -e SESSION_SECRET=… open-dag

FROM node:22-bookworm-slim AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# Production dependencies only. No production dependency needs an install script (native code lives in
# the upstream's dev dependencies), so scripts stay off: nothing downloads binaries at build time.
FROM base AS production-deps
COPY package.json package-lock.json ./
RUN npm install --omit=dev --ignore-scripts

# Everything needed to build.
FROM base AS build
COPY package.json package-lock.json ./
RUN npm install --ignore-scripts
COPY . .
RUN npx react-router build

FROM base AS runtime
ENV NODE_ENV=production PORT=3000
COPY --from=production-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
COPY --chown=root:root package.json instrument.server.mjs ./
# The app writes nothing to disk: run as the unprivileged user of the Node image on a read-only tree.
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Our own server (server/main.ts, bundled into build/server/index.js); it stops gracefully on SIGTERM.
CMD ["node", "--import", "./instrument.server.mjs", "./build/server/index.js"]
