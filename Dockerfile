# One image for every ToolForge process of docker-compose.yml: the built workspaces, each service
# started with its own command. Nothing in `make start` or `make test` uses it.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NO_UPDATE_NOTIFIER=1 npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

# Dependencies first, so a source change does not reinstall them.
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY documents/package.json documents/
COPY read-model/package.json read-model/
COPY command-service/package.json command-service/
COPY query-service/package.json query-service/
COPY projector/package.json projector/
COPY embedded/package.json embedded/
COPY web/package.json web/
RUN npm ci

COPY . .
# The browser calls the APIs and the Auth emulator on the host's published ports.
ARG VITE_COMMAND_API=http://localhost:5001
ARG VITE_QUERY_API=http://localhost:5002
ENV VITE_COMMAND_API=$VITE_COMMAND_API VITE_QUERY_API=$VITE_QUERY_API
RUN npx tsc -b && npm run build -w web --if-present

# Inside a container the services listen on every interface.
ENV HOST=0.0.0.0
