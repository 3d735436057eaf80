/// <reference lib="dom" />
// The cluster map at scale and its owner view: Deployment → ReplicaSet → Pods in the owner view, filters kept
// in the URL across a reload, a 500-node cluster drawn as aggregated tiles that open down to pods, and the
// pod state motions (pulse, flash, fade) animated on the cards' canvases.
import { expect, test, type Page } from '@playwright/test';
import { engineApply, engineExec } from './engine.ts';
import { expectTiles, firstTile, runInTerminal, webDeployment } from './helpers.ts';

const SHOTS = process.env.PAGEMAP_SHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test('owner view: Deployment → ReplicaSet → Pods, Service → Pods, and an object opens in the drawer', async ({ page }) => {
  test.setTimeout(300_000); // long journeys on a busy machine
  await page.goto('/?test');
  await expect(page.getByTestId('node-card')).toHaveCount(3, { timeout: 90_000 }); // the worker starts slowly on a busy machine
  await engineApply(page, `${webDeployment(3)}\n---\napiVersion: v1\nkind: Service\nmetadata: { name: web }\nspec: { selector: { app: web }, ports: [{ port: 80 }] }\n`);
  await expectTiles(page, { tone: 'running' }, 3, 60_000);

  await page.getByTestId('map-mode-owners').click();
  await expect(page).toHaveURL(/[?&]map=owners/);
  const owner = (kind: string) => page.locator(`[data-testid=owner-node][data-kind=${kind}]`);
  await expect(owner('Deployment')).toHaveCount(1, { timeout: 30_000 });
  await expect(owner('ReplicaSet')).toHaveCount(1);
  await expect(owner('Pod')).toHaveCount(3);
  await expect(owner('Service').and(page.locator('[data-name=web]'))).toHaveCount(1);
  await expect(owner('ReplicaSet')).toHaveAttribute('data-status', '3/3');
  const rsName = await owner('ReplicaSet').getAttribute('data-name');
  const dep = page.locator(`.react-flow__edge[data-id^="owns:Deployment/default/web->ReplicaSet/default/${rsName}"]`);
  await expect(dep).toHaveCount(1);
  await expect(page.locator(`.react-flow__edge[data-id^="owns:ReplicaSet/default/${rsName}->Pod/"]`)).toHaveCount(3);
  await expect(page.locator('.react-flow__edge[data-id^="selects:Service/default/web->Pod/"]')).toHaveCount(3);
  // elkjs placed owners left of what they own.
  const x = async (kind: string) => (await owner(kind).first().boundingBox())!.x;
  expect(await x('Deployment')).toBeLessThan(await x('ReplicaSet'));
  expect(await x('ReplicaSet')).toBeLessThan(await x('Pod'));
  await shot(page, 'owners');

  await owner('ReplicaSet').click();
  await expect(page.getByTestId('detail-drawer')).toBeVisible();

  // A kind filter keeps whole chains; a bad label selector gets kubectl's error and draws nothing new.
  await page.getByTestId('filter-search').fill('web');
  await expect(owner('Deployment')).toHaveCount(1);
  await expect(owner('Service')).toHaveCount(1); // default/kubernetes selects nothing: its chain is gone
  await page.getByTestId('filter-selector').fill('app in (web');
  await expect(page.getByTestId('filter-selector-error')).toContainText('unable to parse requirement');
});

test('filters live in the URL and survive a reload; the label selector uses kubectl grammar', async ({ page }) => {
  test.setTimeout(300_000); // long journeys on a busy machine
  await page.goto('/?test');
  await expect(page.getByTestId('node-card')).toHaveCount(3, { timeout: 90_000 }); // the worker starts slowly on a busy machine
  await engineApply(page, webDeployment(2));
  await engineExec(page, 'kubectl create deployment api --image=nginx:1.27 --replicas=2');
  await expectTiles(page, { tone: 'running' }, 4, 60_000);

  await page.getByTestId('filter-selector').fill('app notin (web)');
  await expectTiles(page, {}, 2);
  await expectTiles(page, { owner: /^api-/ }, 2);
  await page.getByTestId('filter-state').selectOption('running');
  await page.getByTestId('filter-search').fill('api');
  await expect(page).toHaveURL(/l=app\+notin\+%28web%29/);
  await expect(page).toHaveURL(/state=running/);
  await expect(page).toHaveURL(/q=api/);

  await page.reload();
  await expect(page.getByTestId('node-card')).toHaveCount(3, { timeout: 90_000 }); // the worker starts slowly on a busy machine
  await expect(page.getByTestId('filter-selector')).toHaveValue('app notin (web)');
  await expect(page.getByTestId('filter-state')).toHaveValue('running');
  await expect(page.getByTestId('filter-search')).toHaveValue('api');
  await expectTiles(page, {}, 2);
  await expect(page.getByTestId('filter-count')).toHaveAttribute('data-shown', '2');
  await shot(page, 'filters');

  await page.getByTestId('filter-selector').fill('app in web');
  await expect(page.getByTestId('filter-selector-error')).toContainText('unable to parse requirement');
  await page.getByTestId('filter-clear').click();
  await expect(page).not.toHaveURL(/[?&](l|state|q)=/);
  await expectTiles(page, {}, 4);
});

test('a 500-node cluster shows aggregated tiles; opening a zone, then a slice, shows nodes and pods', async ({ page }) => {
  test.setTimeout(600_000);
  await page.goto('/?test');
  await expect(page.getByTestId('node-card')).toHaveCount(3, { timeout: 90_000 }); // the worker starts slowly on a busy machine
  await page.evaluate(async () => {
    const engine = (window as unknown as { __kubesimEngine: { exec(l: string): Promise<{ code: number; stderr: string }> } }).__kubesimEngine;
    const lines = Array.from({ length: 500 }, (_, i) => `sim node add big-${i} --cpu 8 --memory 32Gi --labels topology.kubernetes.io/zone=zone-${'abc'[i % 3]}`);
    // Sent at once: the worker runs them one after another without a round trip each.
    for (const r of await Promise.all(lines.map((l) => engine.exec(l)))) if (r.code !== 0) throw new Error(r.stderr);
  });
  // A new node is NotReady until its network is up: pods created before that all land on the three first nodes.
  // Only 256 nodes get a podCIDR (/24s of the cluster's 10.244.0.0/16, as kube-controller-manager allocates them);
  // the others stay NotReady, as they would on a real cluster.
  const ready = async () => (await engineExec(page, 'kubectl get nodes --no-headers')).split('\n').filter((l) => / Ready /.test(l)).length;
  await expect.poll(ready, { timeout: 120_000 }).toBe(256);
  await engineExec(page, 'kubectl create deployment fleet --image=nginx:1.27 --replicas=150');
  const tiles = page.getByTestId('group-tile');
  await expect(tiles).toHaveCount(4, { timeout: 60_000 }); // zone-a, zone-b, zone-c and the three default nodes without a zone
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-level', 'groups');
  await expect(page.getByTestId('node-card')).toHaveCount(0);
  const zoneA = page.locator('[data-testid=group-tile][data-group=zone-a]');
  await expect(zoneA).toHaveAttribute('data-nodes', '167');
  await expect.poll(async () => Number(await zoneA.getAttribute('data-pods')), { timeout: 90_000 }).toBeGreaterThan(30);
  await expect(zoneA.getByTestId('bar-cpu')).toBeVisible();
  await shot(page, 'aggregated');

  // Zoom into zone-a with the wheel: it opens into slices of nodes; click a slice for its cards and pods.
  const box = (await zoneA.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, -150);
      return new URL(page.url()).searchParams.get('focus');
    }, { timeout: 60_000 })
    .toBe('zone-a');
  await expect(page.locator('[data-testid=group-tile][data-group^="zone-a#"]').first()).toBeVisible();
  await page.locator('[data-testid=group-tile][data-group="zone-a#0"]').click();
  await expect(page).toHaveURL(/focus=zone-a%230/);
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-level', 'detail');
  await expect(page.getByTestId('node-card').first()).toBeVisible();
  await firstTile(page, {}); // a pod tile drawn in view
  await expect(page.getByTestId('map-crumbs')).toBeVisible();
  await shot(page, 'slice');
  await page.locator('[data-testid=map-crumb][data-focus=""]').click();
  await expect(page.getByTestId('group-tile')).toHaveCount(4);
});

test('pod tiles pulse while Pending, flash in CrashLoopBackOff, fade while Terminating', async ({ page }) => {
  test.setTimeout(300_000); // long journeys on a busy machine
  await page.goto('/?test');
  await expect(page.getByTestId('node-card')).toHaveCount(3, { timeout: 90_000 }); // the worker starts slowly on a busy machine
  await engineApply(page, `apiVersion: v1
kind: Pod
metadata: { name: huge }
spec: { containers: [{ name: c, image: nginx:1.27, resources: { requests: { cpu: "64" } } }] }
---
apiVersion: v1
kind: Pod
metadata: { name: crasher }
spec: { containers: [{ name: c, image: busybox:1.36, command: [sh, -c, "exit 1"] }] }
---
apiVersion: v1
kind: Pod
metadata: { name: slow }
spec:
  terminationGracePeriodSeconds: 600
  containers: [{ name: c, image: busybox:1.36, command: [sh, -c, "sleep 3600"] }]
`);
  await expectTiles(page, { pod: 'huge', motion: 'pulse' }, 1);
  await expectTiles(page, { pod: 'crasher', motion: 'flash' }, 1, 90_000);
  await firstTile(page, { pod: 'slow', tone: 'running' }, 60_000);
  await runInTerminal(page, 'kubectl delete pod slow');
  await expectTiles(page, { pod: 'slow', motion: 'fade' }, 1, 30_000);
  // A canvas per motion in the tile's card (or the unscheduled lane) runs the animation; the tile is drawn on it.
  const canvas = async (pod: string) => {
    const t = await firstTile(page, { pod });
    const card = t.node ? page.locator(`[data-testid=node-card][data-node="${t.node}"]`) : page.getByTestId('unscheduled-lane');
    return card.locator(`canvas.pod-canvas.motion-${t.motion || 'still'}`);
  };
  const driver = async (pod: string) => (await canvas(pod)).evaluate((el) => getComputedStyle(el).animationName);
  expect(await driver('crasher')).toContain('pod-flash');
  expect(await driver('huge')).toContain('pod-pulse');
  const filter = async () => (await canvas('crasher')).evaluate((el) => getComputedStyle(el).filter);
  await expect.poll(filter, { timeout: 10_000 }).toMatch(/brightness\(1\.45\)/);
  await shot(page, 'motion');
  // The canvases of a motion run in one phase; from 10x on the pulse steps, a few composited frames a second.
  await expect.poll(async () => (await canvas('huge')).evaluate((el) => el.getAnimations().map((a) => a.startTime))).toEqual([0]);
  const timing = async () => (await canvas('huge')).evaluate((el) => getComputedStyle(el).animationTimingFunction);
  expect(await timing()).toBe('ease-in-out');
  await page.getByTestId('time-play-100').click();
  await expect.poll(timing).toBe('steps(2, jump-none)');
  await page.getByTestId('time-pause').click();
  await expect.poll(timing).toBe('ease-in-out');

  // prefers-reduced-motion: the same motions, no animation.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await driver('crasher')).toBe('none');
  expect(await driver('huge')).toBe('none');

  // When a motion's last tile goes its canvas stays (a new canvas is a new backing store), and stops moving.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const lane = page.getByTestId('unscheduled-lane');
  const laneCanvases = lane.locator('canvas.pod-canvas:not(.pod-rings)');
  const before = await laneCanvases.count();
  await runInTerminal(page, 'kubectl delete pod huge');
  await expectTiles(page, { pod: 'huge' }, 0);
  await expect(lane.locator('canvas.motion-pulse')).toHaveCount(0);
  await expect(laneCanvases).toHaveCount(before);
  expect(await laneCanvases.evaluateAll((els) => els.flatMap((el) => el.getAnimations()).length)).toBe(0);
});

test('the map frames every node when its box changes size, until the user pans it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?test');
  const cards = page.getByTestId('node-card');
  await expect(cards).toHaveCount(3, { timeout: 90_000 });
  const map = page.getByTestId('map-canvas');
  const allInView = async () => {
    const m = (await map.boundingBox())!;
    const boxes = await Promise.all((await cards.all()).map((c) => c.boundingBox()));
    return boxes.every((b) => !!b && b.x >= m.x && b.y >= m.y && b.x + b.width <= m.x + m.width + 1 && b.y + b.height <= m.y + m.height + 1);
  };
  await expect.poll(allInView, { timeout: 15_000 }).toBe(true);
  // A narrower window: the map is framed again for its new box.
  await page.setViewportSize({ width: 900, height: 700 });
  await expect.poll(allInView, { timeout: 15_000 }).toBe(true);
  // The user drags the map: from now on a resize leaves their view alone.
  const m = (await map.boundingBox())!;
  await page.mouse.move(m.x + m.width * 0.5, m.y + m.height * 0.85);
  await page.mouse.down();
  await page.mouse.move(m.x + m.width * 0.5 + 120, m.y + m.height * 0.85 + 40, { steps: 5 });
  await page.mouse.up();
  const viewport = page.locator('.react-flow__viewport');
  const moved = await viewport.getAttribute('style');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(1_000); // a refit would animate within 200 ms of the resize
  expect(await viewport.getAttribute('style')).toBe(moved);
});
