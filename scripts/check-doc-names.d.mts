export interface DocNameProblem {
  line: number;
  name: string;
  kind: 'path' | 'identifier';
}
export interface RepoIndex {
  files: Set<string>;
  dirs: Set<string>;
  words: Set<string>;
}
export function repoIndex(root?: string): RepoIndex;
export function docNameProblems(markdown: string, root?: string, index?: RepoIndex): DocNameProblem[];
