import Validation

/// Usage text of every command, with examples. Exit codes (`ExitStatus`): 0 ok, 1 permanent
/// failure, 2 usage, 75 transient failure.
enum Help {
    /// Every rule `validate` enforces: id, severity and what it requires (docs/VALIDATION.md
    /// gives each threshold and why).
    static var ruleList: String {
        let width = ValidationRule.allCases.map(\.id.count).max() ?? 0
        let lines = ValidationRule.allCases.map { rule in
            let id = rule.id.padding(toLength: width, withPad: " ", startingAt: 0)
            return "  \(id)  \(rule.summary)"
        }
        return "RULES (ids as in reports; errors unless they say warning):\n" + lines.joined(separator: "\n")
    }

    static let overview = """
    trailpack: builds offline region packs (terrain, hillshade, contours, trails, routes with
    guidance) for the AR trail-navigation apps.

    USAGE: trailpack COMMAND [OPTIONS]

    COMMANDS:
      build RECIPE... --out DIR   Build regions into the pack root DIR and update its catalog
      plan RECIPE...              Without building: grid cells, peak memory and the --mem=VALUE
                                  to ask a batch engine for (e.g. --mem=256M), time, inputs, problems
      validate PATH [--dem DEM...] Check a pack root or region folder against the format spec
      preview PATH [--out DIR]    Render overview, profiles and an HTML report of a built pack
      catalog DIR                 Rebuild DIR/catalog.json from the region manifests in DIR
      inspect FILE.bin            Print a TER1 grid's header, statistics and problems
      route REGION_DIR --from LON,LAT --to LON,LAT --out FILE
                                  Route over a built region's trail network, from the pack alone
      init ID --dem FILE          Write a starter recipe
      replay REGION_DIR --route ID --track WALK.gpx [--json OUT] [--html OUT]
                                  Play a recording through a route as the app's engine would
      vectors REGION_DIR --out CASES.json
                                  Write navigation test vectors for the app teams' engines

    Run 'trailpack COMMAND --help' for a command's options. 'trailpack --version' prints versions.

    EXIT CODES (for people and batch engines: Slurm, Kubernetes, make):
      0   success
      1   permanent failure: fix the recipe or input (the message names file and place), or
          validation failed
      2   usage error: fix the command line
      75  transient failure (EX_TEMPFAIL), the message ends "(transient: retry)": a remote DEM
          read failed on the way (HTTP 5xx/408/429, no connection, timeout, a read cut short),
          the disk or quota filled (ENOSPC, EDQUOT), the file system failed (EIO, ESTALE,
          ENOLCK), or a region or catalog lock stayed held past --lock-wait-s; the same command
          may succeed later
      An HTTP 4xx other than 408/429 and a read-only pack root (EROFS) are permanent (1).

    OUTPUT: warnings, notes and errors on stderr; the summary on stdout.

    EXAMPLE:
      trailpack build Recipes/pliny-kilkenny.json5 --out packs && trailpack validate packs
    """

    static let command: [String: String] = [
        "build": """
        USAGE: trailpack build RECIPE... --out DIR [--depfile FILE] [--no-catalog] [--quiet] [--json]
                                     [--log-format plain|pretty] [--lock-wait-s N] [--memory-limit-mib N]
                                     [--glyph-cache DIR]

        Builds each recipe's region into DIR/regions/<id> (written into a temporary folder beside
        it and renamed into place, so a failed or interrupted build leaves the previous region
        untouched), then rebuilds DIR/catalog.json. From the parsed recipe to the region's rename
        and catalog update the build holds DIR/regions/.<id>.lock (an exclusive flock naming its
        host and pid), so two builds of one region never race: the second waits. A killed
        build's leftovers (.<id>.tmp-<host>-<pid>, .<id>.old-..., the lock) are removed by the next
        build or 'trailpack catalog' on the same host; validate names them. DIR is a closed world:
        a symlink under DIR/regions (regions/ itself, a region folder, a file in one) stops the
        build before anything is made (exit 1, naming the link and where it points).

        OPTIONS:
          --out DIR        Pack root to write (required)
          --depfile FILE   Write a make depfile listing the recipe and every input it read
                           (names escaped as GNU make reads them: space, #, $, :, wildcards); a
                           name make cannot hold (a line break, ';', '=', a trailing '\\' or
                           'lib(member)') stops the build with exit 1 before anything is written;
                           so does a symlink at FILE (no file is written through a link)
          --no-catalog     Do not rebuild the catalog (batch builds run 'trailpack catalog' last)
          --quiet          No progress, no file table, no notes; warnings and errors still
                           (stderr), and plain's one built line
          --json           Print a machine-readable summary (regions, routes, stats, bytes, seconds
                           per stage) on stdout; warnings still on stderr
          --log-format F   pretty (default when stderr is a terminal): a progress line and a file
                           and route table; plain (default otherwise, as in batch jobs): no
                           progress, every line starts with [<region id>] (the recipe file's
                           name before its id is read), each warning and note on one line
                           (stderr), then "[<id>] built: N routes, X MB, T s" (stdout), errors
                           as "[<id>] error: ..." (stderr)
          --lock-wait-s N  Seconds to wait while another build holds this region's lock or the
                           catalog's (default 60), then exit 75 naming the holder and lock file
          --memory-limit-mib N  Largest estimated peak memory, MiB (overrides terrain.memoryLimitMiB)
          --glyph-cache DIR  Keep the map's glyph ranges in DIR and read them from there, so
                           builds of many regions render each range once; entries are keyed by
                           the font's SHA-256, FreeType's version and the format, checked on
                           reading (a damaged one is made again), and safe to share between
                           builds running at once; the pack is byte-identical without it. Default:
                           $TRAILPACK_GLYPH_CACHE, else none; a folder that cannot be made is
                           an error (exit 1)

        MEMORY LIMIT: the smallest of --memory-limit-mib (else terrain.memoryLimitMiB), the
        process's own cgroup limit (v2 memory.max or v1 memory.limit_in_bytes, its parents'
        included: srun --mem, a Kubernetes limit), SLURM_MEM_PER_NODE, SLURM_MEM_PER_CPU x the
        CPUs, and the machine's memory; with none of them, half of this machine's memory. A grid
        whose estimated peak (128 MiB + 16 bytes per region grid cell, or 12 per AR patch cell)
        is over it stops the build (exit 1, nothing written), naming the limit's source. The
        summary says which limit applied and the estimate ('memoryLimit' in --json).

        EXAMPLE:
          trailpack build Recipes/pliny-kilkenny.json5 --out packs --depfile packs/.deps/pliny-kilkenny.d
          trailpack build Recipes/pliny-kilkenny.json5 --out /shared/packs --no-catalog --log-format plain --quiet

        EXIT CODES: 0 built; 1 fix the recipe or input; 2 usage; 75 transient (retry): a remote
        read failed, the disk filled, a lock stayed held past --lock-wait-s.
        """,
        "plan": """
        USAGE: trailpack plan RECIPE... [--json] [--regions-file FILE] [--memory-limit-mib N]

        Without building (no terrain is made; inputs are read as a build's first stages read
        them): per recipe the region id, the region grid (width x height cells, as the build
        lays it), each route's AR patch (exact for a track, an estimate for a route through
        vias), the estimated peak memory (the formula 'build' enforces: 128 MiB + 16 bytes per
        region grid cell, or 12 per AR patch cell, a route through vias counted at its
        ar.budgetMiB's most), the --mem=VALUE to ask a batch engine for, printed as Slurm takes
        it ("ask for --mem=1280M": the peak x 1.25, rounded up to 256 MiB; the job-wide value is
        the largest task's), a time estimate, every input (kind,
        local or remote, whether it exists) and the problems a build would stop on: recipe
        errors (per recipe; the others are still planned), missing local inputs, a region id
        two recipes share, a limit the estimate is over (the flag, the recipe or Slurm's).

        OPTIONS:
          --json               Print {recipes: [...], suggestedMem, suggestedMemMiB, tasks, ok}
          --regions-file FILE  Write the recipes without problems, one path per line, in the
                               order given (the job list of a batch array)
          --memory-limit-mib N Plan against this limit, as 'build --memory-limit-mib' would

        Exit 0 when no recipe has a problem, 1 when one has, 2 on usage.

        EXAMPLE:
          trailpack plan Recipes/*.json5 --regions-file regions.txt
          sbatch --array=1-$(wc -l < regions.txt) --mem=$(trailpack plan Recipes/*.json5 --json | jq -r .suggestedMem) job.sh
        """,
        "validate": """
        USAGE: trailpack validate PATH [--json] [--strict] [--quiet] [--dem DEM...] [--recipes RECIPE...]

        Checks a pack root (catalog and every region) or one region folder against every rule of
        the pack format, and for plausibility (elevation range, spikes, route ele against the
        terrain). Each problem names the file, the JSON path or byte offset, what was expected
        and what was found. Exit 0 when valid, 1 on any error (or any warning with --strict),
        2 on usage. Thresholds: docs/VALIDATION.md.

        OPTIONS:
          --json               Print {problems, figures, valid} as JSON
          --strict             Fail on warnings too
          --quiet              Print nothing when the pack passes (the report when it fails)
          --dem DEM...         Also compare terrain, AR patches, contours, hillshade and POI
                               elevations with these source DEMs (every following argument
                               up to the next option)
          --recipes RECIPE...  Compare each recipe's region with the DEMs it reads (its
                               verticalUnit and terrain.kernel), and hold it to what the
                               recipe accepts (ar.resolutionM, sizeBudgetMB, terrain.voids,
                               stats rates)

        EXAMPLE:
          trailpack validate packs --strict
          trailpack validate packs --recipes Recipes/*.json5
        """ + "\n\n" + ruleList,
        "preview": """
        USAGE: trailpack preview PATH [--out DIR] [--recipes RECIPE...] [--quiet]

        Renders, from a built pack read back from disk: a region overview PNG, an elevation profile
        and an AR-patch close-up per route, and an index.html tying them together.

        With TRAILPACK_RENDERER set to a MapLibre renderer command (make preview sets it to
        .venv/bin/python scripts/render_style.py), it also renders each region's style.json with
        MapLibre Native: the whole region, the first route, and zoom 15 at its middle
        (<region>-maplibre-region.png, -route.png, -z15.png). Without it, or when a render fails,
        the page says why and the preview still succeeds (TRAILPACK_RENDERER_TIMEOUT: seconds per
        render, default 120).

        OPTIONS:
          --out DIR   Where to write the images and index.html (default:
                      previews/<last component of PATH>); never inside a pack root (the
                      previewed one, or a folder above DIR holding catalog.json or a
                      regions/ with a region in it): refused
                      with exit 1 naming the root. A symlinked regions/ or region folder is
                      refused too (exit 1), never read through
          --recipes RECIPE...  The recipes the pack was built from: each route built from a
                      recorded GPX track gets <region>-<route>-replay.html, the recording played
                      through the route as the app's engine would (trailpack replay --html), linked
                      from index.html; a drawn, reversed or untimed track gets a line saying why not
          --quiet     No summary of what was written

        EXAMPLE:
          trailpack preview packs/regions/pliny-kilkenny --out /tmp/preview
          trailpack preview packs --recipes Recipes/*.json5
        """,
        "catalog": """
        USAGE: trailpack catalog DIR [--quiet] [--log-format plain|pretty] [--lock-wait-s N]

        Rebuilds DIR/catalog.json from every DIR/regions/*/manifest.json (atomically replaced),
        holding DIR/.catalog.lock (an exclusive flock) against builds writing it at once. First
        removes what dead builds and catalogs of this host left (.catalog.json.tmp-<host>-<pid>,
        regions/.<id>.tmp-..., .<id>.old-... (put back when regions/<id> is missing), unheld
        locks); a live process's and another host's are left alone (validate --strict names them).

        DIR must be an existing pack root, a folder with a regions/ folder ('trailpack build
        --out DIR' makes both); a pack root with no region yet (regions/ empty) gets a catalog of
        0 regions. A missing DIR, a file, or a folder without regions/ exits 1, naming DIR.

        OPTIONS:
          --quiet          Print nothing on success
          --log-format F   pretty (default on a terminal) or plain ("[catalog] wrote ...",
                           errors "[catalog] error: ...")
          --lock-wait-s N  Seconds to wait while a build holds the catalog lock (default 60)

        EXIT CODES: 0 written; 1 a manifest cannot be read, or a symlink under DIR/regions (named,
        never read through); 2 usage; 75 transient (retry): the
        lock stayed held past --lock-wait-s, the disk filled.

        EXAMPLE:
          trailpack catalog packs
        """,
        "replay": """
        USAGE: trailpack replay REGION_DIR --route ID --track WALK.gpx [--json OUT] [--html OUT]

        Plays a GPX recording through route ID of a built region fix by fix, at each fix's own
        <time>, with the navigation engine of docs/NAVIGATION.md: snapping, off route and back,
        cues announced, banners, landmarks in view, remaining distance and climb, the ETA (DIN
        33466 at the pack's rates, and corrected by the walker's pace) and arrival. When the way
        back is due it asks what `trailpack route --rejoin` answers, and whether a new route to
        the end is quicker by 10 minutes. Prints a summary: cues, off-route episodes, arrival,
        the ETA's error at 25, 50 and 75% of the walk.

        OPTIONS:
          --route ID       The route to follow (a route of the region's manifest)
          --track FILE     The recording (GPX with a <time> on every track fix)
          --json OUT       The timeline (per fix: progress, off route, banner, remaining
                           distance and climb, ETA) and the events, as JSON (- for stdout)
          --html OUT       A page: the walk with its events, the banners, the ETA against the
                           real arrival

        EXIT CODES: 0 played; 1 the region, route or recording cannot be used (the message names
        the file and the fix); 2 usage.

        EXAMPLE:
          trailpack replay packs/regions/pliny-kilkenny --route mount-cabot --track walk.gpx --html replay.html
        """,
        "vectors": """
        USAGE: trailpack vectors REGION_DIR --out CASES.json

        Writes the navigation test vectors of docs/NAVIGATION.md for the region: TER1 samples
        (seeded points, the grid's edges, corners and its void-filled cells), snapping and
        off-route sequences of seeded synthetic walks along each route (noise, a stop, an
        out-and-back, a 300 m detour and back), banners at positions and ETAs at progress and
        pace. Each case has its inputs, the expected outputs and tolerances. The same region
        gives the same bytes.

        EXIT CODES: 0 written; 1 the region cannot be read; 2 usage.

        EXAMPLE:
          trailpack vectors packs/regions/pliny-kilkenny --out cases.json
        """,
        "route": """
        USAGE: trailpack route REGION_DIR --from LON,LAT --to LON,LAT [--via LON,LAT]... --out FILE [--json]
               trailpack route REGION_DIR --rejoin ROUTE_ID --at I --from LON,LAT --out FILE [--json]

        Computes a route as a client would, reading only the region folder (routing.json,
        terrain.bin, pois.geojson, the route files and AR patches; no DEM, trails or recipe), and
        writes it in the SPEC's route format (coords, cum, ele, waypoints, stats; no AR patch).
        Paths are the least hiking time over routing.json's edges (one-way trails walked their way
        only). A point off the trails joins them at the nearest trail point by a straight leg (the
        first instruction says which way and how far); a point more than 500 m from every trail,
        or outside the region, is an error naming the distance and direction to the nearest trail.

        With --rejoin, writes the way back from --from to route ROUTE_ID and then the rest of the
        route to its end: the route vertex at or after --at (the hiker's progress, an index into
        the route's coords) that is quickest to walk to, ties to the smaller index.
        docs/ROUTING.md says when a client should reroute.

        OPTIONS:
          --from LON,LAT     Where the walk starts (degrees, WGS84)
          --to LON,LAT       Where it ends
          --via LON,LAT      A point to pass on the way (repeatable, in order)
          --rejoin ROUTE_ID  Find the way back to this route of the region
          --at I             The hiker's progress on that route (0 ... its last vertex)
          --out FILE         The route file to write ('-': standard output)
          --json             Print a one-line JSON summary instead of the text one

        EXIT CODES: 0 written; 1 no route (message names the argument or file); 2 usage error.

        EXAMPLES:
          trailpack route packs/regions/pliny-kilkenny --from -71.3609,44.4943 --to -71.4141,44.5059 --out cabot.json
          trailpack route packs/regions/pliny-kilkenny --rejoin mount-cabot --at 300 --from -71.392,44.503 --out back.json
        """,
        "inspect": """
        USAGE: trailpack inspect FILE.bin

        Prints a TER1 grid's header (size, bounds), its spacing, min/max/mean elevation, and any
        problem found (wrong magic, size mismatch, bad bounds, -32768 samples). Exit 1 on a problem.

        EXAMPLE:
          trailpack inspect packs/regions/pliny-kilkenny/terrain.bin
        """,
        "init": """
        USAGE: trailpack init ID --dem FILE [--trails FILE]... [--out RECIPE] [--force]

        Writes a starter recipe (default ID.json5) for the region ID that builds on the first
        try with every input given, once its DEM is credited. The DEM opens as the build opens
        it (.zip, .gz, .tar, /vsi paths, URLs); SRTM (N43E005.hgt, .hgt.zip), Copernicus DEM
        (Copernicus_DSM_COG_10_...) and USGS 3DEP (USGS_13_..., USGS_1_...) tiles, by file name
        or GDAL metadata, get their provider's credit, any other DEM a placeholder the build
        refuses. The bbox lies inside the DEM: the trails, routes and waypoints with a 1000 m
        margin, clipped to the DEM's extent rounded inward (the whole DEM without --trails).
        --trails may be repeated; each is read as the build reads trails (GPX, GeoJSON, KML,
        .osm, .osm.pbf, Overpass API JSON): recorded tracks become routes (parts with fix times
        chained in time order; a strongly downhill chain no time orders gets a reverse: true
        hint), GPX <rte> drawn routes, named points (GPX <wpt>, GeoJSON points, KML placemarks,
        OSM nodes with a name and a tourism, natural or amenity tag) POIs with kinds guessed from their properties (kind, category, type, OSM tourism,
        natural, amenity, <sym>), then the strongest whole word of the name (marked as guesses),
        other lines the region's trails; a trails file more than 3 km from every route is left
        out with a warning. Resolutions are left at their defaults, except over a DEM more than
        10 times coarser: then 10 times finer than its cells.

        OPTIONS:
          --dem FILE     The DEM (required)
          --trails FILE  Tracks, routes, waypoints or trails (repeatable)
          --out RECIPE   The recipe to write (default ID.json5)
          --force        Replace RECIPE when it exists

        EXAMPLE:
          trailpack init my-range --dem data/dem.tif --trails data/trails.geojson --trails data/hike.gpx \\
              --out Recipes/my-range.json5
        """,
    ]
}
