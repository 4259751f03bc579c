// Builds the banner's 3D emblem in code and writes it as a Draco-compressed glTF binary:
// a polished torus knot around a faceted crystal, circled by a thin orbit ring.
// Run: node scripts/generate-model.mjs  →  public/models/emblem.glb
import { Document, NodeIO } from '@gltf-transform/core';
import { KHRDracoMeshCompression } from '@gltf-transform/extensions';
import { draco } from '@gltf-transform/functions';
import draco3d from 'draco3dgltf';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as THREE from 'three';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(web, 'public/models/emblem.glb');

const doc = new Document();
const buffer = doc.createBuffer();
const scene = doc.createScene('Emblem');
const root = doc.createNode('Emblem');
scene.addChild(root);

/** Adds a three.js geometry as a mesh node; without normals the loader shades it flat (facets). */
function addMesh(name, geometry, material, { normals = true, rotation } = {}) {
  const indexed = geometry.index ? geometry : mergeToIndexed(geometry);
  const prim = doc
    .createPrimitive()
    .setMaterial(material)
    .setIndices(
      doc
        .createAccessor()
        .setType('SCALAR')
        .setArray(new Uint32Array(indexed.index.array))
        .setBuffer(buffer),
    )
    .setAttribute(
      'POSITION',
      doc
        .createAccessor()
        .setType('VEC3')
        .setArray(new Float32Array(indexed.attributes.position.array))
        .setBuffer(buffer),
    );
  if (normals) {
    prim.setAttribute(
      'NORMAL',
      doc
        .createAccessor()
        .setType('VEC3')
        .setArray(new Float32Array(indexed.attributes.normal.array))
        .setBuffer(buffer),
    );
  }
  const node = doc.createNode(name).setMesh(doc.createMesh(name).addPrimitive(prim));
  if (rotation) node.setRotation(rotation);
  root.addChild(node);
}

function mergeToIndexed(geometry) {
  const position = geometry.attributes.position;
  const index = new Uint32Array(position.count).map((_, i) => i);
  geometry.setIndex(new THREE.BufferAttribute(index, 1));
  return geometry;
}

function quaternion(x, y, z) {
  const q = new THREE.Quaternion().setFromEuler(new THREE.Euler(x, y, z));
  return [q.x, q.y, q.z, q.w];
}

const violet = doc
  .createMaterial('Violet metal')
  .setBaseColorFactor([0.42, 0.3, 1, 1])
  .setMetallicFactor(0.75)
  .setRoughnessFactor(0.22);
const mint = doc
  .createMaterial('Mint crystal')
  .setBaseColorFactor([0.18, 0.9, 0.65, 1])
  .setEmissiveFactor([0.03, 0.22, 0.15])
  .setMetallicFactor(0.1)
  .setRoughnessFactor(0.18);
const pale = doc
  .createMaterial('Orbit')
  .setBaseColorFactor([0.92, 0.9, 1, 1])
  .setEmissiveFactor([0.25, 0.22, 0.4])
  .setMetallicFactor(0.4)
  .setRoughnessFactor(0.35);

addMesh('Knot', new THREE.TorusKnotGeometry(40, 9.5, 240, 24, 2, 3), violet);
addMesh('Crystal', new THREE.OctahedronGeometry(20, 1), mint, { normals: false });
addMesh('Orbit', new THREE.TorusGeometry(64, 1.1, 8, 180), pale, {
  rotation: quaternion(Math.PI / 2.6, 0.3, 0),
});
addMesh('Orbit 2', new THREE.TorusGeometry(58, 0.7, 6, 160), mint, {
  rotation: quaternion(-Math.PI / 3, -0.5, 0.4),
});

const io = new NodeIO().registerExtensions([KHRDracoMeshCompression]).registerDependencies({
  'draco3d.decoder': await draco3d.createDecoderModule(),
  'draco3d.encoder': await draco3d.createEncoderModule(),
});
await doc.transform(draco({ method: 'edgebreaker', quantizePosition: 12, quantizeNormal: 8 }));
await mkdir(path.dirname(out), { recursive: true });
await io.write(out, doc);
console.log(`wrote ${path.relative(web, out)}: ${(await stat(out)).size} bytes`);
