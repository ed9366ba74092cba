# The web app alone (the reference upstream in reference-upstream/ is for development and tests, not production).
#
# Build (see docs/operations.md, "The image"):
#   docker build -t open-dag \
#     --build-arg SOURCE=https://git.example.nl/open-dag --build-arg REVISION=$(git rev-parse HEAD) \
#     --build-arg VERSION=$(git describe --always) --build-arg CREATED=$(date -u +%Y-%m-%dT%H:%M:%SZ) .
#   buildah and podman build an OCI image by default, which has no HEALTHCHECK: add `--format docker`.
#   Pin the base by digest for builds that do not change under you, or point it at a mirror:
#     --build-arg NODE_IMAGE=node:26-bookworm-slim@sha256:<digest>
#
# Run (every variable a real deployment sets; see docs/configuration.md):
#   docker run -p 3000:3000 --read-only \
#     -e UPSTREAM_URL=https://api.provider.example -e UPSTREAM_API_KEY=… \
#     -e SESSION_SECRET=<32+ random characters> \
#     -e ALLOWED_HOSTS=venlo,studiemarkt013 -e SITE_DOMAIN=opendagen.nl \
#     -e PROVIDER_SITE_URL=https://www.provider.example/ -e TRUST_PROXY=true \
#     -e MAINTENANCE=false -e SENTRY_DSN=… open-dag

# Every stage starts from this image: a tag, a tag@digest, or a mirror's copy of either.
ARG NODE_IMAGE=node:26-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# Production dependencies only. No dependency needs an install script (no native modules: the reference
# upstream uses Node's built-in SQLite), so scripts stay off: nothing downloads or compiles binaries at build time.
# --omit=optional as well: typescript is an optional peer of a production package (@react-router/node) and a dev
# dependency of ours, which npm marks "devOptional"; --omit=dev alone keeps it. No production package has an optional dependency it needs (decision 0037).
FROM base AS production-deps
COPY package.json package-lock.json ./
# @types/debug is a plain dependency of @express-rate-limit/cluster-memory-store: type packages are never needed
# at run time, so they go.
RUN npm ci --omit=dev --omit=optional --ignore-scripts && rm -rf node_modules/@types

# Everything needed to build.
FROM base AS build
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY . .
RUN npx react-router build

FROM base AS runtime
# Labels after the build stages, so a new revision does not rebuild the dependencies.
ARG SOURCE=""
ARG REVISION=""
ARG VERSION=""
ARG CREATED=""
LABEL org.opencontainers.image.title="open-dag-inschrijven" \
      org.opencontainers.image.description="Registration site for school orientation days" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.created="${CREATED}"
# The metrics listener (when METRICS_PORT is set) on every interface of the container: a scraper is always
# outside it, and only published ports are reachable (decision 0051).
ENV NODE_ENV=production PORT=3000 METRICS_HOST=0.0.0.0
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
