// The image's SBOM in SPDX 2.3 JSON: one package per Debian package a file of the image came
// from, read as "name<TAB>version<TAB>architecture" lines on stdin (deploy/image/build).
//   node deploy/image/sbom.mjs <version> <revision> <arch> < packages
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const [version, revision, arch] = process.argv.slice(2);
const lines = readFileSync(0, 'utf8').split('\n').filter(Boolean);
const packages = lines.map((line) => {
  const [name, pkgVersion, pkgArch] = line.split('\t');
  return {
    SPDXID: `SPDXRef-deb-${name.replace(/[^A-Za-z0-9.-]/g, '-')}`,
    name,
    versionInfo: pkgVersion,
    supplier: 'Organization: Debian',
    downloadLocation: 'NOASSERTION',
    licenseConcluded: 'NOASSERTION',
    licenseDeclared: 'NOASSERTION',
    copyrightText: `see /usr/share/doc/${name}/copyright in Debian`,
    externalRefs: [
      {
        referenceCategory: 'PACKAGE-MANAGER',
        referenceType: 'purl',
        referenceLocator: `pkg:deb/debian/${name}@${encodeURIComponent(pkgVersion)}?arch=${pkgArch}&distro=debian-12`,
      },
    ],
  };
});
const server = {
  SPDXID: 'SPDXRef-landing-server',
  name: 'landing-server',
  versionInfo: version,
  supplier: 'NOASSERTION',
  downloadLocation: 'NOASSERTION',
  licenseConcluded: 'NOASSERTION',
  licenseDeclared: 'NOASSERTION',
  copyrightText: 'NOASSERTION',
  comment: `revision ${revision}, linux/${arch}`,
};
// The same packages, the same document: its namespace is a hash of them, and its time the
// commit's.
const digest = createHash('sha256')
  .update(`${version}\n${lines.join('\n')}`)
  .digest('hex');
const created = new Date(Number(process.env.SOURCE_DATE_EPOCH ?? 0) * 1000).toISOString();
const document = {
  spdxVersion: 'SPDX-2.3',
  dataLicense: 'CC0-1.0',
  SPDXID: 'SPDXRef-DOCUMENT',
  name: `landing-server-${version}-${arch}`,
  documentNamespace: `https://spdx.org/spdxdocs/landing-server-${version}-${digest.slice(0, 16)}`,
  creationInfo: {
    created: created.replace(/\.\d{3}Z$/, 'Z'),
    creators: ['Tool: deploy/image/build'],
  },
  packages: [server, ...packages],
  relationships: [
    {
      spdxElementId: 'SPDXRef-DOCUMENT',
      relationshipType: 'DESCRIBES',
      relatedSpdxElement: server.SPDXID,
    },
    ...packages.map((p) => ({
      spdxElementId: server.SPDXID,
      relationshipType: 'DEPENDS_ON',
      relatedSpdxElement: p.SPDXID,
    })),
  ],
};
process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
