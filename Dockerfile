# Builds the single executable and ships it alone on a slim base: no node_modules, no sources.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/patch-dependencies.mjs scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM debian:bookworm-slim
# The data dir exists in the image, owned by the service's user: a new volume mounted there takes its owner
# (Docker would otherwise make it root's, and the service could not write its database).
RUN useradd --system --home /var/lib/invoice-service --create-home invoice \
    && mkdir -p /var/lib/invoice-service/data \
    && chown invoice:invoice /var/lib/invoice-service/data \
    && chmod 700 /var/lib/invoice-service/data
COPY --from=build /app/dist/invoice-service /usr/local/bin/invoice-service
USER invoice
WORKDIR /var/lib/invoice-service
ENV HOST=0.0.0.0 PORT=8080 DATA_DIR=/var/lib/invoice-service/data
VOLUME /var/lib/invoice-service/data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s CMD ["/usr/local/bin/invoice-service", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/invoice-service"]
CMD ["serve"]
