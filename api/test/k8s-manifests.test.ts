import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, PersistentVolumeClaim, Service } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';

/**
 * deploy/k8s without a cluster: every document checked against its kind's Kubernetes schema
 * (kubernetes-models), with no field the schema does not know (as `kubectl apply` refuses them),
 * and the references between the manifests, the API's configuration, its health routes, the
 * Dockerfiles and docs/operations.md.
 */
const ROOT = join(__dirname, '../..');
const K8S_DIR = join(ROOT, 'deploy/k8s');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The kinds the manifests may use: their model (schema) and the module declaring their fields. */
const KINDS: Record<string, { model: new (data: any) => { validate(): void }; module: string }> = {
  'v1/Namespace': { model: Namespace, module: 'kubernetes-models/v1/Namespace' },
  'v1/ConfigMap': { model: ConfigMap, module: 'kubernetes-models/v1/ConfigMap' },
  'v1/Service': { model: Service, module: 'kubernetes-models/v1/Service' },
  'v1/PersistentVolumeClaim': { model: PersistentVolumeClaim, module: 'kubernetes-models/v1/PersistentVolumeClaim' },
  'apps/v1/Deployment': { model: Deployment, module: 'kubernetes-models/apps/v1/Deployment' },
  'batch/v1/Job': { model: Job, module: 'kubernetes-models/batch/v1/Job' },
  'autoscaling/v2/HorizontalPodAutoscaler': { model: HorizontalPodAutoscaler, module: 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler' },
  'policy/v1/PodDisruptionBudget': { model: PodDisruptionBudget, module: 'kubernetes-models/policy/v1/PodDisruptionBudget' },
  'networking.k8s.io/v1/Ingress': { model: Ingress, module: 'kubernetes-models/networking.k8s.io/v1/Ingress' },
};

// ---- Unknown fields: the models' schemas accept any extra property, their type declarations do not.

interface Shape {
  name: string;
  fields: Map<string, string>;
  imports: Map<string, string>;
}
const shapes = new Map<string, Shape | null>();

/** The interface a kubernetes-models declaration file declares (null for a type alias: a leaf). */
function shapeOf(file: string): Shape | null {
  if (shapes.has(file)) return shapes.get(file)!;
  const text = readFileSync(file, 'utf8');
  const imports = new Map<string, string>();
  for (const [, names, spec] of text.matchAll(/^import \{ ([^}]+) \} from "([^"]+)";$/gm)) {
    let target: string | null = null;
    if (spec.startsWith('.')) target = resolve(dirname(file), `${spec}.d.ts`);
    else if (spec.startsWith('@kubernetes-models/apimachinery/')) target = require.resolve(spec, { paths: [dirname(file)] }).replace(/\.js$/, '.d.ts');
    if (target && existsSync(target)) for (const name of names.split(',')) imports.set(name.trim(), target);
  }
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^export interface I\w+(?: extends [\w, ]+)? \{$/.test(line));
  let shape: Shape | null = null;
  if (start >= 0) {
    const fields = new Map<string, string>();
    for (const line of lines.slice(start + 1)) {
      if (line === '}') break;
      const field = /^ {4}"([^"]+)"\??: (.*?);?$/.exec(line);
      if (field) fields.set(field[1], field[2]);
    }
    shape = { name: /interface (\w+)/.exec(lines[start])![1], fields, imports };
  }
  shapes.set(file, shape);
  return shape;
}

/** Fields (by path) that the declared types do not have, found by walking the document with them. */
function unknownFields(value: Record<string, unknown>, shape: Shape, at: string): string[] {
  const found: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    const type = shape.fields.get(key);
    if (type === undefined) {
      found.push(`${at}.${key} (not a field of ${shape.name.slice(1)})`);
      continue;
    }
    const named = /^(?:Array<(\w+)>|(\w+))$/.exec(type);
    const file = named ? shape.imports.get(named[1] ?? named[2]) : undefined;
    const inner = file ? shapeOf(file) : null;
    if (!inner) continue;
    const items = Array.isArray(child) ? child.map((item, index) => [item, `${at}.${key}[${index}]`] as const) : [[child, `${at}.${key}`] as const];
    for (const [item, path] of items) if (item && typeof item === 'object') found.push(...unknownFields(item as Record<string, unknown>, inner, path));
  }
  return found;
}

function kindOf(doc: { apiVersion: string; kind: string }) {
  return KINDS[`${doc.apiVersion}/${doc.kind}`];
}

/** Validates against the schema (throws with the schema's message) and answers the unknown fields. */
function check(doc: any): string[] {
  const kind = kindOf(doc);
  if (!kind) throw new Error(`${doc.apiVersion} ${doc.kind}: no schema here; add the kind to KINDS`);
  new kind.model(doc).validate();
  return unknownFields(doc, shapeOf(require.resolve(kind.module).replace(/\.js$/, '.d.ts'))!, doc.kind);
}

// ---- The manifests.

interface Manifest {
  file: string;
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: any;
}

const yamlFiles = readdirSync(K8S_DIR)
  .filter((file) => /\.ya?ml$/.test(file))
  .sort();

function parse(file: string): any[] {
  // Kubernetes reads YAML 1.1 (`yes` and `on` are booleans there).
  const docs = parseAllDocuments(readFileSync(join(K8S_DIR, file), 'utf8'), { version: '1.1' });
  return (Array.isArray(docs) ? docs : [docs]).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((error) => error.message).join('; ')}`);
    return doc.toJS();
  });
}

const kustomization = parse('kustomization.yaml')[0];
const manifests: Manifest[] = yamlFiles.filter((file) => file !== 'kustomization.yaml').flatMap((file) => parse(file).map((doc) => ({ ...doc, file })));
const documentOf = ({ file: _file, ...doc }: Manifest) => doc;
const all = (kind: string) => manifests.filter((manifest) => manifest.kind === kind);
const named = (kind: string, name: string) => all(kind).find((manifest) => manifest.metadata.name === name);
const podSpecOf = (workload: any) => workload.spec.template.spec;
const containersOf = (workload: any): any[] => podSpecOf(workload).containers;
const selects = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

const api = named('Deployment', 'thalir-api')!;
const apiContainer = containersOf(api).find((container) => container.name === 'api');
const migration = all('Job')[0];
const apiConfig = named('ConfigMap', 'thalir-api-config')!;
const workloads = [...all('Deployment'), ...all('Job')];

// ---- What the rest of the repository says.

const NAME = '[A-Z][A-Z0-9_]*';
const APP_CONFIG = read('api/src/config/app-config.ts');
/** The variables app-config.ts reads, as api/src/config/configuration-doc.test.ts finds them. */
const API_VARIABLES = new Set(
  [
    `\\btext\\(env, '(${NAME})'\\)`,
    `\\bflag\\(env, '(${NAME})'\\)`,
    `\\bwhole\\('(${NAME})',`,
    `\\bdecimal\\('(${NAME})',`,
    `\\benv\\.(${NAME})\\b`,
    `\\benv\\[['"](${NAME})['"]\\]`,
  ]
    .flatMap((pattern) => [...APP_CONFIG.matchAll(new RegExp(pattern, 'g'))])
    .map((match) => match[1]),
);

/** The GET routes of the health controller, under the API's global prefix. */
function healthRoutes(): string[] {
  const prefix = /setGlobalPrefix\('([^']+)'\)/.exec(read('api/src/app.factory.ts'))![1];
  const controller = read('api/src/health/health.controller.ts');
  const base = /@Controller\('([^']+)'\)/.exec(controller)![1];
  return [...controller.matchAll(/@Get\((?:'([^']*)')?\)/g)].map(([, path]) => `/${[prefix, base, path].filter(Boolean).join('/')}`);
}

/** A whole-number default of loadConfig (the production one where it differs); 0 when not read. */
function configDefault(variable: string): number {
  if (!API_VARIABLES.has(variable)) return 0;
  const found = new RegExp(`whole\\('${variable}',\\s*(?:isProduction \\? )?([\\d_]+)`).exec(APP_CONFIG);
  if (!found) throw new Error(`Cannot read the default of ${variable} in app-config.ts; update this test`);
  return Number(found[1].replace(/_/g, ''));
}

/** Every variable a container sets: its env and the keys of the ConfigMaps it takes whole. */
function variablesOf(container: any): Map<string, any> {
  const variables = new Map<string, any>();
  for (const source of container.envFrom ?? []) {
    expect(source.secretRef).toBeUndefined(); // secrets one by one, so every name is visible here
    const configMap = named('ConfigMap', source.configMapRef?.name);
    expect([source.configMapRef?.name, Boolean(configMap)]).toEqual([source.configMapRef?.name, true]);
    for (const [key, value] of Object.entries(configMap!.data ?? {})) variables.set(key, { name: key, value });
  }
  for (const variable of container.env ?? []) variables.set(variable.name, variable);
  return variables;
}

const dockerfileEnv = (dockerfile: string) =>
  Object.fromEntries([...dockerfile.matchAll(/\b([A-Z][A-Z0-9_]*)=("[^"]*"|\S+)/g)].map(([, key, value]) => [key, value.replace(/^"|"$/g, '')]));

describe('Kubernetes manifests (deploy/k8s)', () => {
  it('lists every YAML file of the folder in kustomization.yaml, and only those', () => {
    expect(kustomization).toMatchObject({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization' });
    expect(Object.keys(kustomization).filter((key) => !['apiVersion', 'kind', 'namespace', 'resources', 'images'].includes(key))).toEqual([]);
    expect([...kustomization.resources].sort()).toEqual(yamlFiles.filter((file) => file !== 'kustomization.yaml'));
  });

  it('finds the API Deployment, the migration Job and the configuration', () => {
    expect([Boolean(api), Boolean(apiContainer), all('Job').length, Boolean(apiConfig)]).toEqual([true, true, 1, true]);
    expect(API_VARIABLES.size).toBeGreaterThan(40);
  });

  it('refuses a document with a misspelled field or a wrong type (the checks below can fail)', () => {
    const broken: any = structuredClone(documentOf(api));
    broken.metadata.lables = { app: 'x' };
    podSpecOf(broken).containers[0].readinesProbe = podSpecOf(broken).containers[0].readinessProbe;
    expect(check(broken)).toEqual([
      'Deployment.metadata.lables (not a field of ObjectMeta)',
      'Deployment.spec.template.spec.containers[0].readinesProbe (not a field of Container)',
    ]);
    expect(() => check({ ...documentOf(api), spec: { ...api.spec, replicas: 'two' } })).toThrow(/replicas/);
  });

  it.each(manifests.map((manifest) => [`${manifest.file}: ${manifest.kind} ${manifest.metadata?.name}`, manifest] as const))(
    '%s matches its kind’s schema, with no unknown field',
    (_, manifest) => {
      expect(check(documentOf(manifest))).toEqual([]);
      expect(manifest.metadata.name).toMatch(/^[a-z0-9-]+$/);
      // kustomize puts everything in its namespace; a different one written here would be overridden.
      expect([manifest.metadata.namespace ?? kustomization.namespace]).toEqual([kustomization.namespace]);
    },
  );

  it('creates the namespace kustomize puts everything in', () => {
    expect(all('Namespace').map((namespace) => namespace.metadata.name)).toEqual([kustomization.namespace]);
  });

  it('names every image in kustomization.yaml, so `kustomize edit set image` sets them all', () => {
    const used = new Set(workloads.flatMap((workload) => containersOf(workload).map((container) => container.image)));
    expect([...used].sort()).toEqual(kustomization.images.map((image: { name: string }) => image.name).sort());
  });

  it('selects with every Service the pods of one Deployment, on a port they have', () => {
    for (const service of all('Service')) {
      const matching = workloads.filter((workload) => selects(service.spec.selector, workload.spec.template.metadata.labels));
      expect([service.metadata.name, matching.map((workload) => `${workload.kind} ${workload.metadata.name}`)]).toEqual([
        service.metadata.name,
        [expect.stringMatching(/^Deployment /)],
      ]);
      expect(matching[0].spec.selector.matchLabels).toEqual(service.spec.selector);
      const ports = containersOf(matching[0]).flatMap((container) => container.ports ?? []);
      for (const port of service.spec.ports) {
        const target = port.targetPort ?? port.port;
        expect([service.metadata.name, target, ports.some((p: any) => p.name === target || p.containerPort === target)]).toEqual([
          service.metadata.name,
          target,
          true,
        ]);
      }
    }
  });

  it('routes the Ingress to existing Service ports: the shop’s host to the API, the admin remote’s host to its nginx, both with TLS', () => {
    const [ingress] = all('Ingress');
    const backends = new Map<string, string>();
    for (const rule of ingress.spec.rules) {
      for (const path of rule.http.paths) {
        const service = named('Service', path.backend.service.name);
        const { name, number } = path.backend.service.port;
        expect([path.backend.service.name, name ?? number, service?.spec.ports.some((port: any) => port.name === name || port.port === number)]).toEqual([
          path.backend.service.name,
          name ?? number,
          true,
        ]);
        if (path.path === '/') backends.set(rule.host, path.backend.service.name);
      }
    }
    const hostOf = (url: string) => new URL(url).host;
    expect(backends.get(hostOf(apiConfig.data!.PUBLIC_URL))).toBe('thalir-api');
    expect(backends.get(hostOf(apiConfig.data!.ADMIN_REMOTE_URL))).toBe('thalir-admin-remote');
    expect(ingress.spec.tls.flatMap((tls: any) => tls.hosts).sort()).toEqual(ingress.spec.rules.map((rule: any) => rule.host).sort());
  });

  it('scales and protects the API Deployment: HPA (which owns the replica count) and PodDisruptionBudget', () => {
    const [hpa] = all('HorizontalPodAutoscaler');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: api.metadata.name });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    expect(api.spec.replicas).toBeUndefined();
    // CPU utilisation is measured against the requests.
    expect(apiContainer.resources.requests.cpu).toBeDefined();
    const [pdb] = all('PodDisruptionBudget');
    expect(selects(pdb.spec.selector.matchLabels, api.spec.template.metadata.labels)).toBe(true);
    expect(workloads.filter((workload) => selects(pdb.spec.selector.matchLabels, workload.spec.template.metadata.labels))).toEqual([api]);
    expect(pdb.spec.maxUnavailable).toBeLessThan(hpa.spec.minReplicas);
  });

  it('sets only variables the API reads, its secrets from thalir-api-secrets under their own names', () => {
    for (const [workload, container] of [
      [api, apiContainer],
      [migration, containersOf(migration)[0]],
    ]) {
      for (const [name, variable] of variablesOf(container)) {
        expect([workload.metadata.name, name, API_VARIABLES.has(name)]).toEqual([workload.metadata.name, name, true]);
        const secret = variable.valueFrom?.secretKeyRef;
        if (secret) expect([name, secret.name, secret.key]).toEqual([name, 'thalir-api-secrets', name]);
        else expect([name, typeof variable.value]).toEqual([name, 'string']);
      }
    }
  });

  it('names in docs/operations.md every key of the Secret the manifests read', () => {
    const keys = new Set(workloads.flatMap((workload) => containersOf(workload).flatMap((c) => (c.env ?? []).map((v: any) => v.valueFrom?.secretKeyRef?.key))));
    keys.delete(undefined);
    const docs = read('docs/operations.md');
    expect(docs).toContain('thalir-api-secrets');
    expect([...keys].filter((key) => !docs.includes(`${key}=`))).toEqual([]);
  });

  it('probes the API on its health routes: live for start and liveness, ready for readiness', () => {
    const routes = healthRoutes();
    expect(routes).toEqual(expect.arrayContaining(['/api/health/live', '/api/health/ready']));
    const probes = { startup: apiContainer.startupProbe, liveness: apiContainer.livenessProbe, readiness: apiContainer.readinessProbe };
    expect(Object.fromEntries(Object.entries(probes).map(([kind, probe]) => [kind, probe.httpGet.path]))).toEqual({
      startup: '/api/health/live',
      liveness: '/api/health/live',
      readiness: '/api/health/ready',
    });
    for (const probe of Object.values(probes)) expect(apiContainer.ports.map((port: any) => port.name)).toContain(probe.httpGet.port);
  });

  it('gives a stopping API pod time for preStop, the drain and the requests in flight', () => {
    const [command, seconds, ...rest] = apiContainer.lifecycle.preStop.exec.command;
    expect([command, rest]).toEqual(['sleep', []]);
    const variables = variablesOf(apiContainer);
    const setting = (name: string) => (variables.has(name) ? Number(variables.get(name).value) : configDefault(name));
    const drainMs = setting('SHUTDOWN_DRAIN_MS');
    const inFlightMs = setting('SHUTDOWN_TIMEOUT_MS');
    expect(inFlightMs).toBeGreaterThan(0);
    expect(podSpecOf(api).terminationGracePeriodSeconds).toBeGreaterThanOrEqual(Number(seconds) + (drainMs + inFlightMs) / 1000);
  });

  it('runs every pod non-root with a read-only root filesystem, within requests and limits', () => {
    for (const workload of workloads) {
      const pod = podSpecOf(workload);
      expect([workload.metadata.name, pod.securityContext.runAsNonRoot, pod.securityContext.seccompProfile, pod.automountServiceAccountToken]).toEqual([
        workload.metadata.name,
        true,
        { type: 'RuntimeDefault' },
        false,
      ]);
      for (const container of pod.containers) {
        expect([container.name, container.securityContext]).toEqual([
          container.name,
          { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
        ]);
        for (const kind of ['requests', 'limits'])
          expect([container.name, kind, Object.keys(container.resources[kind]).sort()]).toEqual([container.name, kind, ['cpu', 'memory']]);
      }
    }
  });

  it('matches the API image: its port, and DATA_DIR writable, uploads in the bucket unless DATA_DIR is shared', () => {
    const env = dockerfileEnv(read('deploy/Dockerfile'));
    expect(apiContainer.ports.map((port: any) => port.containerPort)).toEqual([Number(env.PORT)]);
    const variables = variablesOf(apiContainer);
    const dataDir = variables.get('DATA_DIR')?.value ?? env.DATA_DIR;
    const mount = apiContainer.volumeMounts.find((volumeMount: any) => volumeMount.mountPath === dataDir);
    expect([dataDir, Boolean(mount), mount?.readOnly ?? false]).toEqual([dataDir, true, false]);
    const volume = podSpecOf(api).volumes.find((candidate: any) => candidate.name === mount.name);
    const claim = volume.persistentVolumeClaim && named('PersistentVolumeClaim', volume.persistentVolumeClaim.claimName);
    // A pod's own disk would keep each upload on one replica only.
    if (!claim?.spec.accessModes.includes('ReadWriteMany')) expect(variables.get('STORAGE_DRIVER')?.value).toBe('s3');
  });

  it('migrates in the Job with the API image and what `npm run migrate` runs; the pods only check the schema', () => {
    const [container] = containersOf(migration);
    expect(container.image).toBe(apiContainer.image);
    const script = JSON.parse(read('package.json')).scripts.migrate as string;
    const launcher = read(/^node (\S+\.mjs)$/.exec(script)![1]);
    const cli = /'(dist\/api\/api\/src\/cli\/[\w-]+\.js)'/.exec(launcher)![1];
    const flags = [.../export const API_NODE_FLAGS = \[([^\]]*)\]/.exec(read('tools/scripts/lib.mjs'))![1].matchAll(/'([^']+)'/g)].map((match) => match[1]);
    expect(container.command).toEqual(['node', ...flags, cli]);
    expect(existsSync(join(ROOT, cli.replace(/^dist\/api\//, '').replace(/\.js$/, '.ts')))).toBe(true);
    expect(podSpecOf(migration).restartPolicy).toBe('Never');
    expect(variablesOf(apiContainer).get('MIGRATE_ON_START')?.value).toBe('false');
    expect(variablesOf(container).has('MIGRATE_ON_START')).toBe(false);
  });

  it('tells the API it runs as several replicas, with the Redis they share', () => {
    const variables = variablesOf(apiContainer);
    const expected = Number(variables.get('REPLICAS_EXPECTED')?.value);
    expect(expected).toBeGreaterThan(1);
    expect(expected).toBeLessThanOrEqual(all('HorizontalPodAutoscaler')[0].spec.minReplicas);
    expect(variables.get('REDIS_URL')?.valueFrom?.secretKeyRef?.optional).toBeFalsy();
  });

  it('serves the admin remote from the frontend image: its port, health path, variables and the shop’s origin for CORS', () => {
    const admin = named('Deployment', 'thalir-admin-remote')!;
    const [container] = containersOf(admin);
    const dockerfile = read('deploy/frontend.Dockerfile');
    expect(container.ports.map((port: any) => port.containerPort)).toEqual([Number(/^EXPOSE (\d+)$/m.exec(dockerfile)![1])]);
    const template = read('deploy/nginx/frontend.conf.template');
    for (const probe of [container.livenessProbe, container.readinessProbe]) expect(template).toContain(`location = ${probe.httpGet.path} `);
    const variables = Object.fromEntries(container.env.map((variable: any) => [variable.name, variable.value]));
    expect(Object.keys(variables).filter((name) => !(name in dockerfileEnv(dockerfile)))).toEqual([]);
    expect(variables.CORS_ALLOW_ORIGIN).toBe(new URL(apiConfig.data!.PUBLIC_URL).origin);
    // Where nginx writes with a read-only root filesystem: the filled-in template, temporary files, its pid.
    expect(container.volumeMounts.map((mount: any) => mount.mountPath).sort()).toEqual(['/etc/nginx/conf.d', '/var/cache/nginx', '/var/run']);
  });
});
