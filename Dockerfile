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
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000
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
CMD ["node", "--enable-source-maps", "dist/src/main.js"]
