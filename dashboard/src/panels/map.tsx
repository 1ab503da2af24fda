// Map: the city drawn in SVG from GET /__sandbox/city (its street grid, and its land and main
// streets where the sandbox has a map of it), each active order's pickup, dropoff and route, and
// the drivers coloured by status, moving as the stream reports them. No tiles: works offline.
import { useRef, useState } from 'preact/hooks';
import type { PanelProps } from '../panel.js';
import type { City, LatLng } from '../types.js';

/** Kilometres east and south of the city's centre (y grows downwards, as SVG's does). */
type Project = (p: LatLng) => [number, number];

function projection(center: LatLng): Project {
  const kx = 111.32 * Math.cos((center.lat * Math.PI) / 180);
  return (p) => [(p.lng - center.lng) * kx, (center.lat - p.lat) * 110.57];
}

const path = (points: LatLng[], project: Project): string =>
  points
    .map(
      (p, i) =>
        `${i === 0 ? 'M' : 'L'}${project(p)
          .map((n) => n.toFixed(3))
          .join(' ')}`,
    )
    .join('');

function Grid({ city, project }: { city: City; project: Project }) {
  const r = city.radius_km;
  const lines: string[] = [];
  const latSteps = Math.floor(r / (city.grid_block_deg * 110.57));
  const lngSteps = Math.floor(
    Math.abs(r / project({ lat: city.center.lat, lng: city.center.lng + city.grid_block_deg })[0]),
  );
  for (let i = -latSteps; i <= latSteps; i++) {
    const y = project({ lat: city.center.lat + i * city.grid_block_deg, lng: city.center.lng })[1];
    const half = Math.sqrt(Math.max(0, r * r - y * y));
    lines.push(`M${-half} ${y}H${half}`);
  }
  for (let i = -lngSteps; i <= lngSteps; i++) {
    const x = project({ lat: city.center.lat, lng: city.center.lng + i * city.grid_block_deg })[0];
    const half = Math.sqrt(Math.max(0, r * r - x * x));
    lines.push(`M${x} ${-half}V${half}`);
  }
  return <path class="grid" d={lines.join('')} />;
}

interface View {
  x: number;
  y: number;
  w: number;
}

/** The view's height for its width: the map's viewBox keeps this shape. */
const ASPECT = 0.625;

/**
 * "Whole city": the city's circle and every point of its known streets (an address on one of them
 * is placed along it, even outside the circle), with a small margin, in the map's shape.
 */
function wholeCity(city: City, project: Project): View {
  const r = city.radius_km;
  let [x0, y0, x1, y1] = [-r, -r, r, r];
  for (const s of city.streets)
    for (const [lat, lng] of s.points) {
      const [x, y] = project({ lat, lng });
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
  const w = Math.max(x1 - x0, (y1 - y0) / ASPECT) * 1.04;
  return { x: (x0 + x1 - w) / 2, y: (y0 + y1 - w * ASPECT) / 2, w };
}

export function MapPanel({ state }: PanelProps) {
  const { city } = state;
  const [view, setView] = useState<View | null>(null);
  const drag = useRef<{ x: number; y: number; view: View } | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  if (!city) return <p class="muted">Loading the city…</p>;
  const project = projection(city.center);
  const v = view ?? wholeCity(city, project);
  const h = v.w * ASPECT;
  const zoom = (factor: number, at?: [number, number]) => {
    const [ax, ay] = at ?? [v.x + v.w / 2, v.y + h / 2];
    const w = Math.min(Math.max(v.w * factor, 0.2), city.radius_km * 8);
    const k = w / v.w;
    setView({ x: ax - (ax - v.x) * k, y: ay - (ay - v.y) * k, w });
  };
  const toMap = (e: MouseEvent): [number, number] => {
    const box = svg.current!.getBoundingClientRect();
    return [
      v.x + ((e.clientX - box.left) / box.width) * v.w,
      v.y + ((e.clientY - box.top) / box.height) * h,
    ];
  };
  const dot = v.w / 160;
  const routes = [...state.routes.values()];
  const drivers = [...state.drivers.values()];
  return (
    <section>
      <h2>
        Map of {city.name}{' '}
        <span class="muted">
          {routes.length} active orders · {drivers.filter((d) => d.status === 'available').length}{' '}
          drivers available
        </span>
      </h2>
      <div class="actions">
        <button class="secondary" onClick={() => zoom(1 / 1.5)} aria-label="Zoom in">
          +
        </button>
        <button class="secondary" onClick={() => zoom(1.5)} aria-label="Zoom out">
          −
        </button>
        <button class="secondary" onClick={() => setView(null)}>
          Whole city
        </button>
        <span class="legend">
          <i class="available" /> available <i class="on_order" /> on an order <i class="offline" />{' '}
          offline
          <i class="pickup" /> pickup <i class="dropoff" /> dropoff
        </span>
      </div>
      <svg
        ref={svg}
        class="map"
        data-testid="map"
        viewBox={`${v.x} ${v.y} ${v.w} ${h}`}
        onWheel={(e) => {
          e.preventDefault();
          zoom(e.deltaY > 0 ? 1.2 : 1 / 1.2, toMap(e));
        }}
        onMouseDown={(e) => (drag.current = { x: e.clientX, y: e.clientY, view: v })}
        onMouseMove={(e) => {
          const d = drag.current;
          if (!d) return;
          const box = svg.current!.getBoundingClientRect();
          const k = d.view.w / box.width;
          setView({
            ...d.view,
            x: d.view.x - (e.clientX - d.x) * k,
            y: d.view.y - (e.clientY - d.y) * k,
          });
        }}
        onMouseUp={() => (drag.current = null)}
        onMouseLeave={() => (drag.current = null)}
      >
        {city.land && (
          <path
            class="land"
            d={
              path(
                city.land.map(([lat, lng]) => ({ lat, lng })),
                project,
              ) + 'Z'
            }
          />
        )}
        <circle class="radius" cx={0} cy={0} r={city.radius_km} />
        <Grid city={city} project={project} />
        {city.streets.map((s) => (
          <path
            key={s.name}
            class="street"
            d={path(
              s.points.map(([lat, lng]) => ({ lat, lng })),
              project,
            )}
          >
            <title>{s.name}</title>
          </path>
        ))}
        {routes.map((r) => (
          <g key={r.order_id} data-route={r.order_id} data-status={r.status}>
            <title>{`${r.order_id} (${r.status})`}</title>
            {r.to_pickup.length > 0 && r.status === 'driver_assigned' && (
              <path class="route to-pickup" d={path(r.to_pickup, project)} />
            )}
            {r.to_dropoff.length > 0 && <path class="route" d={path(r.to_dropoff, project)} />}
          </g>
        ))}
        {drivers.map((d) => {
          const [x, y] = project(d.location);
          return (
            <circle
              key={d.driver_id}
              class={`driver ${d.status}`}
              data-driver={d.driver_id}
              data-status={d.status}
              cx={x}
              cy={y}
              r={d.status === 'on_order' ? dot * 1.3 : dot}
            >
              <title>{`${d.driver_id} (${d.status}${d.order_id ? `, ${d.order_id}` : ''})`}</title>
            </circle>
          );
        })}
        {/* After the drivers, so that a driver waiting at a pickup never hides its square. */}
        {routes.map((r) => {
          const [px, py] = project(r.pickup);
          const [dx, dy] = project(r.dropoff);
          return (
            <g key={r.order_id} data-stops={r.order_id}>
              <title>{`${r.order_id} (${r.status})`}</title>
              <rect class="pickup" x={px - dot} y={py - dot} width={dot * 2} height={dot * 2} />
              <circle class="dropoff" cx={dx} cy={dy} r={dot * 1.1} />
            </g>
          );
        })}
      </svg>
    </section>
  );
}
