const loaded: string[] = [];

jest.mock('./features/marketing/components/home-page', () => {
  loaded.push('home');
  return { default: () => null };
});
jest.mock('./features/catalog/components/products-page', () => {
  loaded.push('products');
  return { default: () => null };
});
jest.mock('./features/product/components/product-page', () => {
  loaded.push('product');
  return { default: () => null };
});

async function loadRoutesModuleAt(pathname: string): Promise<void> {
  loaded.length = 0;
  window.history.pushState({}, '', pathname);
  jest.isolateModules(() => {
    require('./routes');
  });
  await Promise.resolve();
}

describe('storefront routes module', () => {
  it('starts loading the screen of the address being opened as soon as it runs, and no other', async () => {
    await loadRoutesModuleAt('/products');
    expect(loaded).toEqual(['products']);

    await loadRoutesModuleAt('/product/abc');
    expect(loaded).toEqual(['product']);

    await loadRoutesModuleAt('/');
    expect(loaded).toEqual(['home']);
  });
});
