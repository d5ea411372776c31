// The host API and its transports (lands with the window issue).
export {};
