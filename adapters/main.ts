/**
 * The API's entrypoint is `main/api.ts`. This file stays only so that tools which start the server by
 * its former path (the comparison harness runs `node --import tsx adapters/main.ts --role=api`) keep
 * working; nothing in the project imports it, and the layer rule allows this one exception.
 */
import '../main/api';
