/**
 * The lighting and the room: a warm overhead lamp over a Russian table (a row of shades along its
 * length, here three point lights without falloff) and a dim hemisphere fill. Few lights and no shadow
 * maps: the view must stay smooth in software WebGL and on phones.
 */

import type { TableGeometry } from '@pyramid/table';
import { Color, HemisphereLight, PointLight, Scene } from 'three';

export function buildScene(geometry: TableGeometry): Scene {
  const scene = new Scene();
  scene.background = new Color(0x17130f);
  const { length, width } = geometry.spec;
  scene.add(new HemisphereLight(0xfff4e0, 0x3a2a1c, 1.35));
  const height = 0.42 * length;
  for (const fraction of [0.2, 0.5, 0.8]) {
    const lamp = new PointLight(0xfff1dc, 1.05, 0, 0);
    lamp.position.set(length * fraction, width / 2, height);
    lamp.name = 'lamp';
    scene.add(lamp);
  }
  return scene;
}
