// The flow as a user writes it: log in once, then each iteration creates an order with the
// token and fetches it by the id the create returned (examples/orders/perfgate.yml has the same).
// For the engine's and the CLI's flow tests alike.

/** A scenario's setup, steps and data (YAML at a scenario key's indentation); `user` logs in. */
export function orderFlowYaml(user = 'bench'): string {
  return `    setup:
      - name: login
        request: { method: POST, path: /login, json: { user: ${JSON.stringify(user)} } }
        capture: { token: "$.token" }
    steps:
      - name: create
        request: { method: POST, path: /orders, headers: { authorization: "Bearer \${vars.token}" }, json: { sku: "\${row.sku}" } }
        capture: { id: "$.id" }
      - name: fetch
        request: { method: GET, path: "/orders/\${vars.id}", headers: { authorization: "Bearer \${vars.token}" } }
    data: { file: skus.csv }
`;
}
