# syntax=docker/dockerfile:1
# vps-chatops: the Slack bot. Build: docker build -t vps-chatops .
# Run (HTTP mode): docker run -p 3000:3000 -v chatops-data:/data --env-file .env vps-chatops

# --- deps: production dependencies; better-sqlite3 compiles its native addon here
FROM node:24-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force

# --- runtime: no compilers, non-root, source run by tsx (a runtime dependency)
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY src ./src
COPY handlers ./handlers
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /healthz answers 503 when the store is down; in Socket Mode the same port still serves it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node is PID 1 with --init-free signal handling: main.ts stops cleanly on SIGTERM.
CMD ["node", "--import", "tsx", "src/main.ts"]
