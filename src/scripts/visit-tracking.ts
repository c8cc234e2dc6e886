// Visit tracking (SPEC §4): implemented by the visit-tracking work (issue 6).
export {};
