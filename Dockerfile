# One image for the API and the workers (docker-compose.yml runs it with different commands).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The client is built here; what runs needs only the runtime dependencies (tsx among them).
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
# The code stays owned by root and read-only to the process; only DATA_DIR is the node user's.
COPY --from=build /app /app
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
# The API's probe (`GET /readyz`: database and Redis answer). The worker serves no HTTP: compose turns it off there.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 (no npm or npx in between), so SIGTERM reaches the graceful shutdown.
CMD ["node", "--import", "tsx", "main/api.ts", "--role=api"]
