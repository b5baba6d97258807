# syntax=docker/dockerfile:1
# One frontend as static files behind nginx. APP chooses which: shell | storefront-mfe | admin-mfe.
#   docker build -f deploy/frontend.Dockerfile --build-arg APP=storefront-mfe -t thalir-storefront .
ARG APP=shell

FROM node:24-bookworm-slim AS build
ARG APP
WORKDIR /app
ENV NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx nx run ${APP}:build --output-style=static

FROM nginx:1.27-alpine
ARG APP
# The shell answers unknown paths with index.html (its client-side routes); for a remote set
# SPA_FALLBACK==404 (compose.yaml does). CORS_ALLOW_ORIGIN: who may load a remote from elsewhere.
ENV SPA_FALLBACK=/index.html \
    CORS_ALLOW_ORIGIN=* \
    CONTENT_SECURITY_POLICY="default-src 'self'; script-src 'self' https://checkout.razorpay.com; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https://*.razorpay.com; font-src 'self' data:; connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com https://*.razorpay.com; frame-src 'self' https://api.razorpay.com https://checkout.razorpay.com https://*.razorpay.com; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'; script-src-attr 'none'"
# The nginx image fills ${…} in templates from the environment at start (envsubst).
COPY deploy/nginx/frontend.conf.template /etc/nginx/templates/default.conf.template
COPY --from=build /app/dist/${APP} /usr/share/nginx/html
EXPOSE 80
HEALTHCHECK --interval=10s --timeout=3s CMD wget -q -O /dev/null http://127.0.0.1/nginx-health || exit 1
