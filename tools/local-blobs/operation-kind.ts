/** The kinds of Blobs request the local tools tell apart (trace, latency, faults). */
export type BlobOperationKind = 'get' | 'set' | 'list' | 'delete';
