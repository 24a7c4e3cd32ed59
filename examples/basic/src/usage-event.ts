/** The usage event the demo's "Record an API request" sends; Pro's usage price meters it. */
export const API_REQUEST_EVENT = "api.request";
