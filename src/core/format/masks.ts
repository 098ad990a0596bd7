/** The document masks live with the contracts (the server's exports use them too). */
export * from '../../contracts/brazil/masks';
