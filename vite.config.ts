import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The SPA lives in web/; the BFF serves the build from dist/web.
/** Route modules of the back office (staff screens), by file. */
const STAFF_ROUTE = /\/web\/src\/routes\/(admin\/|employee-dashboard|vision-ai-analysis)/;

export default defineConfig(({ isSsrBuild }) => ({
  root: here('./web'),
  publicDir: 'public',
  // What the prerendered home page counts its years from (web/src/lib/hydration.ts).
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./web/src/routes'),
      generatedRouteTree: here('./web/src/routeTree.gen.ts'),
    }),
    react(),
    tailwindcss(),
  ],
  build: {
    // The SSR build is web/src/prerender.tsx, used once by scripts/prerender.ts after the build.
    outDir: isSsrBuild ? here('./dist/prerender') : here('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // No <link rel=modulepreload> in the HTML: on a phone they took bandwidth from the CSS the
    // prerendered page needs to paint. Dynamic imports still preload their dependencies.
    // No polyfill: every browser the site supports has modulepreload.
    // Back-office screens load their shared chunks as they import them, without a preload list:
    // the list of every chunk's dependencies sat in the entry, which public pages download too.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps, { hostType }) => (hostType === 'html' ? [] : file.includes('/staff-') ? deps.filter((d) => d.endsWith('.css')) : deps),
    },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes in the entry chunk, instead of ten small
        // shared chunks the browser only finds after parsing the entry (one more round trip).
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
        // Back-office route chunks are named staff-… (see modulePreload above).
        chunkFileNames: (chunk) => (chunk.facadeModuleId && STAFF_ROUTE.test(chunk.facadeModuleId) ? 'assets/staff-[name]-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    // The API server and its embedded sign-in provider sit behind the dev server's address.
    proxy: Object.fromEntries(['/api', '/oidc', '/oidc-login'].map((p) => [p, `http://127.0.0.1:${process.env.API_PORT ?? 3001}`])),
  },
}));
