# The trailpack image for docs/CLUSTER.md's Kubernetes Jobs: `make dist`, then
# `docker build -t registry.example.org/trailpack:1 .`. Only Debian's runtime packages the binary
# needs (dist/runtime-packages.txt, checked by make dist); the Swift runtime is linked in.
FROM debian:bookworm-slim
COPY dist/runtime-packages.txt /opt/trailpack-runtime-packages.txt
RUN apt-get update \
 && apt-get install -y --no-install-recommends $(cat /opt/trailpack-runtime-packages.txt) \
 && rm -rf /var/lib/apt/lists/*
ADD dist/trailpack-*.tar.gz /opt/
ENV PATH=/opt/trailpack/bin:$PATH
ENTRYPOINT ["trailpack"]
