# Two stages: build a virtual environment with the pinned dependencies, then copy it into
# a slim image that runs as a non-root user with the SQLite file on a volume.
FROM python:3.11-slim AS build
WORKDIR /src
RUN python -m venv /opt/venv
COPY pyproject.toml constraints.txt README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY render ./render
COPY web ./web
RUN /opt/venv/bin/pip install --no-cache-dir -c constraints.txt .

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 parlour && mkdir /data && chown parlour:parlour /data
COPY --from=build /opt/venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PARLOUR_DB=/data/parlour.db
VOLUME ["/data"]
# The web table, when PARLOUR_WEB_PORT=8080 is set (with PARLOUR_WEB_SECRET).
EXPOSE 8080
USER parlour
WORKDIR /home/parlour
CMD ["python", "-m", "bot"]
