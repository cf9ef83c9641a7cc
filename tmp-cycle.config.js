import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
const ts = importX.flatConfigs.typescript.settings;
export default tseslint.config(
  { files: ['functions/src/**/*.{ts,tsx}', 'web/src/**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ts['import-x/extensions'], 'import-x/parsers': ts['import-x/parsers'], 'import-x/resolver-next': [createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: ['functions/tsconfig.json', 'web/tsconfig.json'] })] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] } },
);
