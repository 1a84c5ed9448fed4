# Production image: builds every workspace, then runs the one server (site + /admin + /api).
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY site/package.json site/
COPY desktop/package.json desktop/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
# Node's default heap: an operator caps memory with NODE_OPTIONS (docs/operations.md).
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app ./
RUN mkdir -p /data && chown node:node /data
STOPSIGNAL SIGTERM
USER node
EXPOSE 3000
VOLUME /data
# node itself, as PID 1, as npm start runs it (site/server/shutdown.test.ts checks they match and runs
# this line): npm would not pass SIGTERM on, so `docker stop` would wait 10 s and kill the server
# instead of letting it finish its requests and close the database.
CMD ["node", "site/dist/server/main.js"]
