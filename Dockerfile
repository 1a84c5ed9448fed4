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
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME /data
CMD ["npm", "start"]
