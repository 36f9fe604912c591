declare module 'fastify' {
  interface FastifyRequest {
    /**
     * A JSON request's body exactly as it arrived (app.setup.ts): payment callbacks check their gateways'
     * signatures over these bytes, never over re-serialised JSON.
     */
    rawBody?: Buffer;
  }
}

export {};
