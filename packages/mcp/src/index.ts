// The MCP server over an engine workspace (lands with the MCP bridge issue).
export {};
