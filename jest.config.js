// Two projects: the app (jsdom) and the platform (node). swc transpiles; tsc type-checks separately.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }];

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'app',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src', '<rootDir>/plugins'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      moduleNameMapper: { '\\.css$': '<rootDir>/tests/support/cssModuleStub.js' },
      setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
    },
  ],
};
