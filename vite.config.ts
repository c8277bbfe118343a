import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// A relative base lets the same build run at any sub-path (GitHub Pages serves /<repo>/).
export default defineConfig({
  base: process.env.BASE_PATH ?? './',
  plugins: [react()],
  build: { target: 'es2022', sourcemap: true },
  worker: { format: 'es' },
});
