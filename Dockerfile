# One image, three entry points (api, worker, web), as the architecture describes.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm install --global pnpm@12.21.0
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
# Patches of dependencies, applied by pnpm while installing (patches/README.md).
COPY patches/ patches/
COPY shared/package.json shared/
COPY api/package.json api/
COPY web/package.json web/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm -r build && pnpm prune --prod --config.ignore-scripts=true || true

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
# Uploaded pictures live here (a named volume in docker-compose, initialised with this ownership).
RUN mkdir -p /app/var/storage && chown -R node:node /app/var
USER node
EXPOSE 8080 3000
CMD ["node", "api/dist/main.js"]
