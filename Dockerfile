# syntax=docker/dockerfile:1
# vps-chatops: the Slack bot as compiled JavaScript on the current Node LTS.
#   docker build -t vps-chatops .
#   docker run -v chatops-data:/data --env-file .env vps-chatops
# Socket Mode by default (SLACK_APP_TOKEN set in .env: no public address needed).
# For HTTP mode leave SLACK_APP_TOKEN unset, set SLACK_SIGNING_SECRET and publish
# the port: docker run -p 3000:3000 ... (compose.yaml runs two such replicas).
#
# Node: package.json's engines is ">=20.19"; CI runs the tests on the lowest
# supported line (20.x), and this image runs the current LTS inside that range.
ARG NODE_VERSION=24

# --- build: every dependency, type-check and compile (tsc fails the build on any type error)
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles its native addon here (no prebuilt download needed).
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY handlers ./handlers
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && npm cache clean --force

# --- runtime: production dependencies and dist/ only, no compilers, not root
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
# jemalloc instead of glibc's malloc (Debian's libjemalloc2, preloaded): glibc
# keeps the pages freed between its allocations resident for good, so the same
# load left the bot anywhere from 107 to 126 MB from one run to the next;
# jemalloc hands freed pages back at once (dirty/muzzy decay 0, a background
# thread doing the purging) and held it at 107-109 MB in every run. The link in
# /usr/local/lib keeps LD_PRELOAD the same on amd64 and arm64.
RUN apt-get update \
 && apt-get install -y --no-install-recommends libjemalloc2 \
 && rm -rf /var/lib/apt/lists/* \
 && ln -s "$(find /usr/lib -name libjemalloc.so.2 | head -n 1)" /usr/local/lib/libjemalloc.so.2 \
 && test -e /usr/local/lib/libjemalloc.so.2
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    LD_PRELOAD=/usr/local/lib/libjemalloc.so.2 \
    MALLOC_CONF=background_thread:true,dirty_decay_ms:0,muzzy_decay_ms:0
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /healthz answers 503 while the store is down; in Socket Mode the same port still serves it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 and main.js stops cleanly on SIGTERM (docker stop).
STOPSIGNAL SIGTERM
# Memory: V8 sizes its heap for throughput by default (a 32 MB young
# generation, an old generation let grow to several times what is live), which
# left the bot at 260-275 MB after a thousand commands while its live objects
# weigh about 30 MB. --optimize-for-size and a 2 MB semi-space, with jemalloc
# above, keep it near 110 MB and flat over 10,000 commands (`npm run bench
# memory` runs the bot with the flags and the allocator read from this file).
# The price is CPU, which the acks do not feel (`npm run bench ack-latency`
# runs the bot with these flags); a 4 or 8 MB semi-space did not change the
# resident size after 10,000 commands (117 MB each), and without
# --optimize-for-size the bot held 8 MB more (125 MB). No hard cap such as
# --max-old-space-size: a big fleet's list must never end in an out-of-memory
# crash. Source maps are in dist/ but not read at run time
# (--enable-source-maps costs about 5 MB); stack traces name the compiled
# files, whose lines follow the TypeScript closely.
CMD ["node", "--optimize-for-size", "--max-semi-space-size=2", "dist/src/main.js"]
